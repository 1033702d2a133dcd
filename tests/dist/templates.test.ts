/**
 * The browser checks visit one page per template per language (tests/support/templates.ts). This
 * proves that sampling leaves no page out: every page in dist/ is made by a page file whose
 * getStaticPaths (Astro's own list of its pages) names it, and every page file is a template the
 * browser checks, or one a spec of its own checks. A new page family fails here until it is listed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_ELSEWHERE, TEMPLATES, TEMPLATE_SAMPLES } from '../support/templates.ts';
import { builtPages, documentAt } from '../support/dist.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { localizePath } from '../../src/lib/routing/index.ts';

type Params = Record<string, string | undefined>;
interface PageModule {
  getStaticPaths?: () => Promise<{ params: Params }[]> | { params: Params }[];
}

const PAGE_FILES = import.meta.glob<PageModule>('../../src/pages/**/*.astro');
const fileOf = (key: string) => key.replace('../../src/pages/', '');

/** The address of a page file's page for the given route parameters (`[...locale]/[loan].astro`, `{ locale: 'ta', loan: 'Goldloan' }` → `/ta/Goldloan`). */
const addressFor = (file: string, params: Params): string => {
  const segments = file
    .replace(/\.astro$/, '')
    .split('/')
    .map((segment) => {
      const param = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment)?.[1];
      if (param) return params[param] ?? '';
      return segment === 'index' ? '' : segment;
    })
    .filter(Boolean);
  return `/${segments.join('/')}`;
};

/** Every page file and the addresses of the pages it makes. */
const templatePages = async (): Promise<Map<string, string[]>> => {
  const made = new Map<string, string[]>();
  for (const [key, load] of Object.entries(PAGE_FILES)) {
    const file = fileOf(key);
    const module = await load();
    const paths = module.getStaticPaths ? await module.getStaticPaths() : [{ params: {} }];
    made.set(
      file,
      paths.map(({ params }) => addressFor(file, params)),
    );
  }
  return made;
};

/** A page Astro writes for astro.config.mjs `redirects`: a meta refresh, and where it leads. */
const redirectTarget = (address: string) =>
  /url=([^;]+)$/.exec(documentAt(address).querySelector('meta[http-equiv="refresh"]')?.getAttribute('content') ?? '')?.[1];

const made = await templatePages();

describe('every page in the build comes from a template the browser checks', () => {
  const listed = [...TEMPLATES.map((t) => t.file), ...CHECKED_ELSEWHERE.map((t) => t.file)];

  it('each built page is made by exactly one page file, a template listed there (or is a redirect of astro.config.mjs to a built page)', () => {
    const problems: string[] = [];
    for (const page of builtPages()) {
      const makers = [...made].filter(([, addresses]) => addresses.includes(page.address)).map(([file]) => file);
      const target = redirectTarget(page.address);
      if (makers.length === 0 && target && builtPages().some((other) => other.address === target)) continue;
      if (makers.length !== 1)
        problems.push(`${page.address} (dist/${page.file}): made by ${makers.length ? makers.join(' and ') : 'no page file'}`);
      else if (!listed.includes(makers[0]))
        problems.push(
          `${page.address}: made by src/pages/${makers[0]}, which no browser check visits (add it to tests/support/templates.ts)`,
        );
    }
    expect(problems).toEqual([]);
  });

  it('tests/support/templates.ts lists each page file once, and no file that does not exist', () => {
    expect(
      listed.filter((file) => !made.has(file)),
      'listed page files that do not exist',
    ).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("each template's samples are its own built pages, in every language, and each sample is checked in some language", () => {
    const built = new Set(builtPages().map((page) => page.address));
    for (const template of TEMPLATES) {
      expect(template.samples.length, template.file).toBeGreaterThan(0);
      expect(template.samples.length, `${template.file}: more samples than languages leaves some unchecked`).toBeLessThanOrEqual(
        LOCALES.length,
      );
    }
    const wrong = TEMPLATE_SAMPLES.filter(({ file, locale, route }) => {
      const address = localizePath(route, locale);
      return !made.get(file)?.includes(address) || !built.has(address);
    }).map(({ file, locale, route }) => `${file} in ${locale}: ${route}`);
    expect(wrong, 'samples that are not built pages of their template').toEqual([]);
    expect(TEMPLATE_SAMPLES).toHaveLength(TEMPLATES.length * LOCALES.length);
  });

  it('each template checked elsewhere names a spec that exists', () => {
    for (const { file, checkedBy } of CHECKED_ELSEWHERE)
      expect(existsSync(path.join(import.meta.dirname, '../e2e', checkedBy)), `${file}: tests/e2e/${checkedBy}`).toBe(true);
  });
});
