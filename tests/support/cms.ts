/**
 * Fixtures for the CMS e2e tests (against `npm run cms`):
 * - `tree`: remembers files of the CMS's copy of the tree (CMS_TREE) before a test changes them
 *   through /admin and puts every byte back afterwards, pass or fail (a retry starts from the same
 *   files); files the test creates are deleted.
 * - `page`: /admin is served under the CSP of src/lib/cms/csp.ts (plus what `astro dev` itself
 *   needs), and a test fails if anything on the page violates it.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { adminCsp } from '../../src/lib/cms/csp.ts';
import { CMS_TREE, DECAP_SERVER_URL } from '../../playwright.cms.config.ts';

/** A file of the copy of the tree that `npm run cms` serves (the tests' saves land there). */
export const file = (relative: string) => path.join(CMS_TREE, relative);

export interface WorkingTree {
  /** Keep the current bytes of these files (relative to the repository) to put back after the test. */
  keep(...files: string[]): Promise<void>;
  /** Delete these paths after the test. */
  removeAfter(...paths: string[]): void;
}

// `astro dev` adds inline scripts of its own (dev toolbar, module reloading); a build has none.
const DEV_CSP = adminCsp([DECAP_SERVER_URL]).replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

export const test = base.extend<{ tree: WorkingTree }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires a fixture's first argument to be an object pattern
  tree: async ({}, use) => {
    const kept = new Map<string, Buffer>();
    const created: string[] = [];
    await use({
      async keep(...files) {
        for (const f of files) if (!kept.has(f)) kept.set(f, await readFile(file(f)));
      },
      removeAfter(...paths) {
        created.push(...paths);
      },
    });
    for (const [f, bytes] of kept) await writeFile(file(f), bytes);
    for (const p of created) await rm(p, { recursive: true, force: true });
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    // Leaving an entry with unsaved changes asks for confirmation: yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.route(/\/admin$/, async (route) => {
      try {
        const response = await route.fetch({ timeout: 120_000 });
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': DEV_CSP } });
      } catch {
        // The page went away meanwhile (a reload, the end of the test): nothing to serve.
        await route.abort().catch(() => {});
      }
    });
    // The dev server's reload channel (Vite's HMR socket) answers locally and stays silent: `astro dev`
    // reloads open pages when .astro/ changes (as the build in a test does), which would cut a test's
    // page off mid-load. Each step opens /admin afresh anyway; the warm-up saw the dev server settle.
    await page.routeWebSocket(/[?&]token=/, () => {});
    await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
        );
      });
    });
    await use(page);
    expect(violations, 'CSP violations on /admin').toEqual([]);
  },
});
export { expect };

/** Opens /admin at `hash`, signing in to the local backend (a click, no account) if asked to. */
export async function openAdmin(page: Page, hash: string, ready: Locator) {
  // A fresh load each time: a change of hash alone can leave Decap showing the last entry's unsaved state.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(`/admin#${hash}`);
  const login = page.getByRole('button', { name: 'Login', exact: true });
  // The first visit waits for `astro dev` to compile Decap.
  await expect(login.or(ready)).toBeVisible({ timeout: 180_000 });
  if (await login.isVisible()) await login.click();
  await expect(ready).toBeVisible({ timeout: 60_000 });
}

/** Opens an entry's editor; `readyLabel` is one of its fields. */
export async function openEntry(page: Page, collection: string, entry: string, readyLabel: string) {
  const fields = page.getByLabel(readyLabel, { exact: true });
  await openAdmin(page, `/collections/${collection}/entries/${entry}`, fields.first());
  // A translated collection opens with a second pane for another language beside English; the
  // tests edit English, so that pane is closed (Decap's "Toggle i18n").
  const i18nPane = page.getByTitle('Toggle i18n');
  if ((await fields.count()) > 1 && (await i18nPane.isVisible())) await i18nPane.click();
  await expect(fields).toHaveCount(1);
  // The entry is loaded (and can be changed) once Decap offers its actions; a field filled before that is reset.
  await expect(
    page
      .getByRole('button', { name: 'Delete entry' })
      .or(page.getByRole('button', { name: 'Published' }))
      .first(),
  ).toBeVisible();
}

/**
 * Types `value` into a field of an open entry, once the field shows `current` (the saved value):
 * Decap fills the form in after the field appears, and would otherwise overwrite what was typed.
 */
export async function replaceValue(page: Page, label: string, current: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveValue(current);
  await field.fill(value);
  await expect(field).toHaveValue(value);
}

/** Publish now (with the local backend Decap saves straight to the working tree). */
export async function publish(page: Page) {
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

/** Waits until the file's text satisfies `check`, and returns it. */
export async function waitForFile(relative: string, check: (text: string) => boolean) {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await readFile(file(relative), 'utf8');
        return check(text);
      },
      { timeout: 30_000, message: `${relative} was not saved` },
    )
    .toBe(true);
  return text;
}

/** A Markdown file's front matter, parsed (it throws on invalid YAML), and its body. */
export function frontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) throw new Error('no front matter');
  const data = YAML.parse(match[1], { strict: true }) as Record<string, unknown>;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('front matter is not a mapping');
  return { data, body: match[2] };
}
