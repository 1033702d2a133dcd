/**
 * The Decap CMS configuration for /admin, generated from the zod schemas at build time:
 * one Decap collection per content collection (src/content.config.ts) and one entry for the
 * editable identity (src/content/identity.json, schema in src/config/site.ts).
 * Runs on the server only (the admin page's frontmatter and the tests).
 */
import path from 'node:path';
import type { CmsCollection, CmsConfig, CmsField } from 'decap-cms-core';
import type { z } from 'zod';
import { collections, sources } from '../../content.config.ts';
import { identitySchema } from '../../config/site.ts';
import { routeNameOf } from '../routing/index.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';
import { cmsImage, fieldsOf, toJsonSchema } from './decap-fields.ts';
import { COLLECTION_TEXT, IDENTITY_TEXT, REVIEWED, type CollectionName } from './editor-text.ts';

export const IDENTITY_FILE = 'src/content/identity.json';
export const COLLECTION_NAMES = Object.keys(sources) as CollectionName[];

/** Where uploads go. Content files refer to them by a path relative to themselves. */
export const MEDIA_FOLDER = 'src/assets';
/**
 * The folder of src/assets each collection's pictures live in, so that the media library shows
 * them and new uploads land beside them; `divisions.services.image` has a folder of its own.
 */
export const ASSET_FOLDERS: Record<CollectionName, string> = {
  divisions: 'divisions',
  programs: 'programs',
  team: 'people',
  reviews: 'people',
  loans: 'loans',
  plans: 'plans',
  properties: 'properties',
  slides: 'hero',
  pages: 'pages',
  consent: 'pages', // no pictures; Decap still wants a media folder
};
const FIELD_ASSET_FOLDERS: Record<string, string> = { 'divisions.services.image': 'services' };

/**
 * The page an entry appears on, for Decap's "View Preview" (deploy preview) and "View Live" links;
 * `{{route}}` is the entry's own field. Others open the home page.
 */
export const PREVIEW_PATHS: Partial<Record<CollectionName | 'identity', string>> = {
  loans: '{{route}}',
  plans: '{{route}}',
  properties: '{{route}}',
  programs: routeNameOf({ collection: 'divisions', data: { key: 'training' } }),
  identity: routeNameOf({ collection: 'pages', id: 'contact' }),
};

/** Decap's media_folder (from the repository root) and public_folder (as written in the content file). */
function mediaFolders(contentFolder: string, assetFolder: string) {
  const media = `${MEDIA_FOLDER}/${assetFolder}`;
  return { media_folder: `/${media}`, public_folder: path.posix.relative(contentFolder, media) };
}

/** Gives nested image fields with a folder of their own their media and public folders. */
function withFieldFolders(fields: CmsField[], contentFolder: string, prefix: string): CmsField[] {
  return fields.map((field) => {
    const name = `${prefix}${field.name}`;
    const folder = FIELD_ASSET_FOLDERS[name];
    if (folder) return { ...field, ...mediaFolders(contentFolder, folder) };
    if ('fields' in field && Array.isArray(field.fields)) {
      return { ...field, fields: withFieldFolders(field.fields, contentFolder, `${name}.`) };
    }
    return field;
  });
}

/**
 * Fields that are not words: the same in every language. Decap copies them from the English entry
 * into each translation (`i18n: 'duplicate'`) and shows them once; every other field is translated.
 */
export const SAME_IN_EVERY_LANGUAGE = new Set(['key', 'route', 'href', 'version', 'order']);
/** Fields that are not words yet differ by language: each translation's own "reviewed" tick. */
export const OWN_IN_EVERY_LANGUAGE = new Set(['reviewed']);

/**
 * Decap's own i18n for the fields of a translated collection: words are translated (`i18n: true`),
 * routes, keys, wire values (select options), numbers, dates and pictures are duplicated.
 */
export function withI18n(fields: CmsField[]): CmsField[] {
  return fields.map((field) => {
    const widget = 'widget' in field ? field.widget : 'string';
    const nested = 'fields' in field && Array.isArray(field.fields);
    if (nested) return { ...field, i18n: true, fields: withI18n(field.fields as CmsField[]) };
    if (OWN_IN_EVERY_LANGUAGE.has(field.name)) return { ...field, i18n: true };
    const words =
      (widget === 'string' || widget === 'text' || widget === 'markdown' || widget === 'list') && !SAME_IN_EVERY_LANGUAGE.has(field.name);
    if (widget === 'list' && 'field' in field && field.field) return { ...field, i18n: true, field: { ...field.field, i18n: true } };
    return { ...field, i18n: words ? true : 'duplicate' };
  });
}

export interface CmsSettings {
  /** GitHub repository, `owner/name`. */
  repo: string;
  /** The branch editors' changes are merged into. */
  branch: string;
  /** The production site, for "view live" links and Netlify's OAuth site lookup. */
  siteUrl: string;
  /** Set when `npm run cms` runs decap-server: Decap then reads and writes the working tree. */
  localBackendUrl?: string;
}

/** A collection's zod schema, with `image()` standing for an image path. */
export function collectionSchema(name: CollectionName): z.ZodObject {
  const { schema } = collections[name];
  const image = cmsImage as unknown as Parameters<Extract<typeof schema, (...args: never[]) => unknown>>[0]['image'];
  return (typeof schema === 'function' ? schema({ image }) : schema) as unknown as z.ZodObject;
}

function folderCollection(name: CollectionName): CmsCollection {
  const text = COLLECTION_TEXT[name];
  const { folder, extension } = sources[name];
  // Entries sit one folder down, in their language's folder (multiple_folders): pictures are relative to that.
  const entryFolder = `${folder}/${DEFAULT_LOCALE}`;
  const fields = withFieldFolders(fieldsOf(toJsonSchema(collectionSchema(name)), { ...REVIEWED, ...text.fields }), entryFolder, `${name}.`);
  if (extension === 'md') {
    fields.push({
      name: 'body',
      label: text.body?.label ?? 'Text',
      widget: 'markdown',
      required: true,
      ...(text.body?.hint ? { hint: text.body.hint } : {}),
    });
  }
  const names = new Set(fields.map((f) => f.name));
  return {
    name,
    // One folder per language beside English (multiple_folders): the editor shows them side by side.
    i18n: true,
    label: text.label,
    label_singular: text.singular,
    description: text.description,
    folder,
    extension,
    format: extension === 'md' ? 'frontmatter' : extension === 'json' ? 'json' : 'yaml',
    identifier_field: text.identifier,
    ...(text.summary ? { summary: text.summary } : {}),
    slug: '{{slug}}',
    ...(PREVIEW_PATHS[name] ? { preview_path: PREVIEW_PATHS[name] } : {}),
    create: text.create,
    delete: text.create,
    ...mediaFolders(entryFolder, ASSET_FOLDERS[name]),
    sortable_fields: ['order', text.identifier].filter((f) => names.has(f)),
    fields: withI18n(fields),
  };
}

function identityCollection(): CmsCollection {
  return {
    name: 'identity',
    label: IDENTITY_TEXT.label,
    description: IDENTITY_TEXT.description,
    extension: 'json',
    format: 'json',
    editor: { preview: false },
    files: [
      {
        name: 'identity',
        label: IDENTITY_TEXT.label,
        file: IDENTITY_FILE,
        preview_path: PREVIEW_PATHS.identity,
        description: IDENTITY_TEXT.description,
        fields: fieldsOf(toJsonSchema(identitySchema), IDENTITY_TEXT.fields),
      },
    ],
  };
}

export function cmsConfig(settings: CmsSettings): CmsConfig {
  return {
    load_config_file: false,
    backend: {
      // GitHub, signed in through Netlify's OAuth provider (base_url + auth_endpoint).
      name: 'github',
      repo: settings.repo,
      branch: settings.branch,
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      site_domain: new URL(settings.siteUrl).hostname,
      squash_merges: true,
    },
    ...(settings.localBackendUrl ? { local_backend: { url: settings.localBackendUrl } } : {}),
    // Each change becomes a pull request with a deploy preview, merged when approved.
    publish_mode: 'editorial_workflow',
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    locale: 'en',
    // Every content collection in English, Tamil, Telugu and Kannada, one folder each.
    i18n: { structure: 'multiple_folders', locales: [...LOCALES], default_locale: DEFAULT_LOCALE },
    media_folder: MEDIA_FOLDER,
    public_folder: `/${MEDIA_FOLDER}`,
    collections: [identityCollection(), ...COLLECTION_NAMES.map(folderCollection)],
  };
}
