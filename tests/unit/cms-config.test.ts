import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import YAML from 'yaml';
import type { CmsCollection, CmsField } from 'decap-cms-core';
import { collections, sources } from '../../src/content.config.ts';
import { identitySchema } from '../../src/config/site.ts';
import { cmsConfig, COLLECTION_NAMES, IDENTITY_FILE, type CmsSettings } from '../../src/lib/cms/decap-config.ts';
import { cmsSettings, repoFromUrl } from '../../src/lib/cms/decap-settings.ts';
import { compareFields, imageMarker } from '../support/decap-drift.ts';
import { LOCALES, isLocale } from '../../src/i18n/locales.ts';

const SETTINGS: CmsSettings = { repo: 'aranya/site', branch: 'main', siteUrl: 'https://aranya.example.com' };
const config = cmsConfig(SETTINGS);
const root = path.resolve(import.meta.dirname, '../..');

const marker = imageMarker();
/** A collection's zod schema built with the test's own image marker, independent of the generator. */
function schemaOf(name: keyof typeof collections): z.ZodObject {
  const { schema } = collections[name];
  return (typeof schema === 'function' ? schema({ image: marker.image as never }) : schema) as unknown as z.ZodObject;
}
const decap = (name: string) => {
  const collection = config.collections.find((c) => c.name === name);
  if (!collection) throw new Error(`no Decap collection ${name}`);
  return collection;
};
const identityFields = () => decap('identity').files![0].fields;

describe('Decap config generated from the zod schemas', () => {
  it('has one Decap collection per content collection, plus the identity entry', () => {
    expect(config.collections.map((c) => c.name).sort()).toEqual([...Object.keys(collections), 'identity'].sort());
    expect(COLLECTION_NAMES.sort()).toEqual(Object.keys(collections).sort());
    expect(decap('identity').files).toEqual([expect.objectContaining({ file: IDENTITY_FILE })]);
  });

  it.each(Object.keys(collections) as (keyof typeof collections)[])(
    '%s: every field, required rule, widget and option list matches the schema',
    (name) => {
      const collection = decap(name);
      const markdown = sources[name].extension === 'md';
      expect(compareFields(schemaOf(name), collection.fields!, { isImage: marker.isImage, extraFields: markdown ? ['body'] : [] })).toEqual(
        [],
      );
      expect(collection).toMatchObject({ folder: sources[name].folder, extension: sources[name].extension });
      if (markdown) expect(collection.fields!.at(-1)).toMatchObject({ name: 'body', widget: 'markdown', required: true });
    },
  );

  it('identity: every field matches src/config/site.ts, and the brand is not editable (the help text says why)', () => {
    expect(compareFields(identitySchema, identityFields(), { isImage: () => false })).toEqual([]);
    expect(JSON.stringify(identityFields())).not.toMatch(/brand/i);
    expect(decap('identity').description).toMatch(/brand name \(Aranya\) cannot be changed here: it is part of page addresses/);
  });

  it('the select options are the option lists of the forms', () => {
    const loanType = decap('loans').fields!.find((f) => f.name === 'loanType') as CmsField & { options: string[] };
    expect(loanType.options).toContain('Gold Loan');
    expect(loanType.options).not.toContain('Loan Type');
  });

  it('puts a required alt-text field right after every image field', () => {
    const check = (fields: CmsField[], where: string) => {
      fields.forEach((field, i) => {
        if ('widget' in field && field.widget === 'image') {
          expect(fields[i + 1]?.name, `${where}${field.name}`).toBe(`${field.name}Alt`);
          // Pages may have no picture; the schema then still refuses a picture without alt text.
          expect(fields[i + 1]?.required !== false || field.required === false, `${where}${field.name}Alt required`).toBe(true);
        }
        if ('fields' in field && field.fields) check(field.fields, `${where}${field.name}.`);
      });
    };
    for (const collection of config.collections) check(collection.fields ?? [], `${collection.name}.`);
    const page = schemaOf('pages');
    expect(page.safeParse({ title: 'T', description: 'D', image: 'x.svg' }).success).toBe(false);
    expect(page.safeParse({ title: 'T', description: 'D', image: 'x.svg', imageAlt: 'A picture' }).success).toBe(true);
    expect(page.safeParse({ title: 'T', description: 'D' }).success).toBe(true);
  });

  it('writes an uploaded picture into src/assets, as the relative path the schemas expect', () => {
    const folders = (collection: CmsCollection) => {
      const found: { field: string; media: string; public: string }[] = [];
      const walk = (fields: CmsField[], media: string, pub: string, prefix: string) => {
        for (const f of fields) {
          const m = f.media_folder ?? media;
          const p = f.public_folder ?? pub;
          if ('widget' in f && f.widget === 'image') found.push({ field: `${prefix}${f.name}`, media: m, public: p });
          if ('fields' in f && f.fields) walk(f.fields, m, p, `${prefix}${f.name}.`);
        }
      };
      walk(collection.fields ?? [], collection.media_folder!, collection.public_folder!, '');
      return found;
    };
    for (const collection of config.collections.filter((c) => c.folder)) {
      for (const { field, media, public: pub } of folders(collection)) {
        expect(media, `${collection.name}.${field}`).toMatch(/^\/src\/assets\/[a-z]+$/);
        // What Decap writes into the file, read from the file's folder (its language's, one down), is where it stored the upload.
        const written = path.posix.join(pub, 'upload.jpg');
        for (const locale of LOCALES)
          expect(path.posix.join(collection.folder!, locale, written), `${collection.name}.${field}`).toBe(`${media.slice(1)}/upload.jpg`);
        expect(written).toMatch(/^\.\.\/\.\.\/\.\.\/assets\/[a-z]+\/upload\.jpg$/);
      }
    }
  });

  it('shows each existing picture in its field: every image path in src/content lies in that field’s media folder', () => {
    const read = (file: string) => {
      const text = readFileSync(file, 'utf8');
      return (file.endsWith('.md') ? YAML.parse(text.split(/^---$/m)[1]) : YAML.parse(text)) as Record<string, unknown>;
    };
    let checked = 0;
    for (const name of COLLECTION_NAMES) {
      const collection = decap(name);
      const languages = readdirSync(path.join(root, sources[name].folder)).filter((locale) => isLocale(locale));
      for (const folder of languages.map((locale) => `${sources[name].folder}/${locale}`))
        for (const file of readdirSync(path.join(root, folder))) {
          const data = read(path.join(root, folder, file));
          const images: [string, string][] = [];
          if (typeof data.image === 'string') images.push([data.image, collection.media_folder!]);
          const services = collection.fields!.find((f) => f.name === 'services') as { fields: CmsField[] } | undefined;
          for (const s of (data.services as { image: string }[] | undefined) ?? []) {
            images.push([s.image, services!.fields.find((f) => f.name === 'image')!.media_folder!]);
          }
          for (const [image, media] of images) {
            expect(path.posix.dirname(path.posix.join(folder, image)), `${folder}/${file}: ${image}`).toBe(media.slice(1));
            checked++;
          }
        }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('edits every language side by side (Decap i18n, multiple_folders): words translated, wire values, routes, numbers and pictures duplicated', () => {
    expect(config.i18n).toEqual({ structure: 'multiple_folders', locales: ['en', 'ta', 'te', 'kn'], default_locale: 'en' });
    const field = (collection: string, path: string) => {
      let fields = config.collections.find((c) => c.name === collection)!.fields as CmsField[];
      let found: CmsField | undefined;
      for (const name of path.split('.')) {
        found = fields.find((f) => f.name === name);
        fields = (found && 'fields' in found ? found.fields : []) as CmsField[];
      }
      return found as CmsField & { i18n?: unknown };
    };
    for (const collection of config.collections.filter((c) => c.folder)) expect(collection.i18n, collection.name).toBe(true);
    expect(config.collections.find((c) => c.name === 'identity')!.i18n).toBeUndefined();
    for (const [collection, path] of [
      ['loans', 'title'],
      ['loans', 'lead'],
      ['loans', 'imageAlt'],
      ['loans', 'body'],
      ['divisions', 'services.title'],
      ['divisions', 'cta.links.label'],
      ['consent', 'text'],
      ['pages', 'items'],
    ])
      expect(field(collection, path).i18n, `${collection}.${path}`).toBe(true);
    for (const [collection, path] of [
      ['loans', 'route'],
      ['loans', 'loanType'],
      ['loans', 'order'],
      ['loans', 'image'],
      ['plans', 'planning'],
      ['properties', 'intent'],
      ['properties', 'category'],
      ['divisions', 'key'],
      ['divisions', 'services.image'],
      ['divisions', 'cta.links.href'],
      ['slides', 'href'],
      ['consent', 'version'],
      ['pages', 'updated'],
    ])
      expect(field(collection, path).i18n, `${collection}.${path}`).toBe('duplicate');
  });

  it('gives every translation its own "Reviewed by a native speaker" tick, optional, never copied from English', () => {
    for (const collection of config.collections.filter((c) => c.folder)) {
      const reviewed = (collection.fields as CmsField[]).find((f) => f.name === 'reviewed');
      expect(reviewed, collection.name).toMatchObject({
        widget: 'boolean',
        required: false,
        i18n: true,
        label: 'Reviewed by a native speaker',
      });
    }
  });

  it('signs editors in with GitHub through Netlify, and opens a pull request per change', () => {
    expect(config.backend).toMatchObject({
      name: 'github',
      repo: 'aranya/site',
      branch: 'main',
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      site_domain: 'aranya.example.com',
    });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.load_config_file).toBe(false);
    expect(config).not.toHaveProperty('local_backend');
    expect(cmsConfig({ ...SETTINGS, localBackendUrl: 'http://127.0.0.1:8091/api/v1' }).local_backend).toEqual({
      url: 'http://127.0.0.1:8091/api/v1',
    });
  });

  it('links each entry to the page it appears on (View Preview / View Live)', () => {
    for (const collection of config.collections) {
      for (const preview of [collection.preview_path, ...(collection.files ?? []).map((f) => f.preview_path)].filter(Boolean)) {
        for (const [, field] of preview!.matchAll(/\{\{(\w+)\}\}/g)) {
          expect(
            collection.fields?.map((f) => f.name),
            `${collection.name}: ${preview}`,
          ).toContain(field);
        }
      }
    }
    expect(decap('loans').preview_path).toBe('{{route}}');
    expect(decap('identity').files![0].preview_path).toBe('Contactus');
    expect(decap('programs').preview_path).toBe('Training_Growth');
  });

  it('survives the trip through the page as JSON', () => {
    expect(JSON.parse(JSON.stringify(config))).toEqual(config);
  });
});

describe('the config test catches drift', () => {
  const loans = decap('loans');
  const compare = (schema: z.ZodObject) => compareFields(schema, loans.fields!, { isImage: marker.isImage, extraFields: ['body'] });

  it('fails when a schema field is added without a Decap field', () => {
    expect(compare(schemaOf('loans').extend({ subtitle: z.string() }))).toEqual(['subtitle: in the schema, not in Decap']);
  });

  it('fails when Decap has a field the schema lacks', () => {
    expect(compare(schemaOf('loans').omit({ title: true }))).toEqual(['title: in Decap, not in the schema']);
  });

  it('fails when a select’s options differ', () => {
    const problems = compare(schemaOf('loans').extend({ loanType: z.enum(['Vehicle Loan', 'Gold Loan']) }));
    expect(problems).toEqual([expect.stringMatching(/^loanType: select options .* differ from \["Vehicle Loan","Gold Loan"\]$/)]);
  });

  it('fails when a required field becomes optional, or a widget no longer fits', () => {
    expect(compare(schemaOf('loans').extend({ title: z.string().optional() }))).toEqual([
      'title: required in Decap, optional in the schema',
    ]);
    expect(compare(schemaOf('loans').extend({ order: z.string().min(1) }))).toEqual(['order: widget number, expected string or text']);
  });
});

describe('CMS settings from the environment', () => {
  it('reads the repository from Netlify’s REPOSITORY_URL (https or ssh) unless DECAP_GITHUB_REPO is set', () => {
    expect(repoFromUrl('https://github.com/aranya-group/website')).toBe('aranya-group/website');
    expect(repoFromUrl('git@github.com:aranya-group/website.git')).toBe('aranya-group/website');
    expect(repoFromUrl('https://gitlab.com/a/b')).toBeUndefined();
    expect(cmsSettings({ REPOSITORY_URL: 'https://github.com/a/b' }, false)).toMatchObject({ repo: 'a/b', branch: 'main' });
    expect(
      cmsSettings({ REPOSITORY_URL: 'https://github.com/a/b', DECAP_GITHUB_REPO: 'c/d', DECAP_GITHUB_BRANCH: 'live' }, false),
    ).toMatchObject({
      repo: 'c/d',
      branch: 'live',
    });
  });

  it('uses the local decap-server only in `astro dev`, on DECAP_SERVER_PORT (8081 by default)', () => {
    expect(cmsSettings({}, false)).not.toHaveProperty('localBackendUrl');
    expect(cmsSettings({}, true).localBackendUrl).toBe('http://127.0.0.1:8081/api/v1');
    expect(cmsSettings({ DECAP_SERVER_PORT: '8091' }, true).localBackendUrl).toBe('http://127.0.0.1:8091/api/v1');
  });
});
