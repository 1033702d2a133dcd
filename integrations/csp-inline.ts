/**
 * Astro integration, run on the built pages: first moves stray <style> elements into <head>
 * (head-styles.ts), then completes the CSP. Astro's `security.csp` hashes the scripts and styles it processes, but not
 * `<script is:inline>` / `<style is:inline>` (checked on Astro 7.3). After the build this adds the
 * SHA-256 of every inline script and style that a page's CSP <meta> lacks to that <meta>, so an
 * inline script anyone adds runs under the policy without loosening it ('unsafe-inline' never).
 * Data blocks (JSON-LD) are not scripts to the browser and are left alone.
 * A page named in `ownPolicy` (e.g. /admin, whose Decap needs 'unsafe-eval' and inline styles)
 * gets that policy in its <meta> instead of the site's; every other page keeps the site's.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { stylesIntoHead } from './head-styles.ts';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/;
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g;
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page with the hashes of its inline scripts and styles that its CSP <meta> lacked added to it. */
export function withInlineHashes(html: string): { html: string; added: number } {
  const meta = META.exec(html);
  if (!meta) return { html, added: 0 };
  const directives = meta[1]
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  let added = 0;
  for (const [, tag, attrs, body] of html.matchAll(INLINE)) {
    if (/\ssrc=/.test(attrs)) continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1] ?? '';
    if (tag === 'script' && !EXECUTABLE_TYPE.test(type)) continue;
    const name = tag === 'script' ? 'script-src' : 'style-src';
    const index = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    const hash = sha256(body);
    if (index === -1) {
      directives.push(`${name} 'self' ${hash}`);
      added++;
    } else if (!directives[index].split(/\s+/).includes(hash)) {
      directives[index] += ` ${hash}`;
      added++;
    }
  }
  if (added === 0) return { html, added };
  const content = directives.join('; ');
  return { html: html.replace(META, `<meta http-equiv="content-security-policy" content="${content}"`), added };
}

const htmlFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => path.join(dir, f));

const META_TAG = /<meta http-equiv="content-security-policy" content="[^"]*">/;

/**
 * The page with its CSP <meta> moved to the top of <head> (after <meta charset>): a policy in a
 * <meta> only governs what comes after it, so no script or style may come before it.
 */
export function policyFirst(html: string): string {
  const tag = META_TAG.exec(html)?.[0];
  if (!tag) return html;
  const without = html.replace(tag, '');
  const charset = /<meta charset="[^"]*">/i.exec(without);
  if (charset) return without.replace(charset[0], `${charset[0]}${tag}`);
  return without.replace(/<head>/i, `<head>${tag}`);
}

/** The page with its CSP <meta> content replaced by `policy`. */
export function withPolicy(html: string, policy: string): string {
  if (!META.test(html)) throw new Error('csp-inline: the page has no CSP <meta> to replace');
  return html.replace(META, `<meta http-equiv="content-security-policy" content="${policy}"`);
}

export const cspInlineHashes = ({ ownPolicy = {} }: { ownPolicy?: Record<string, string> } = {}): AstroIntegration => ({
  name: 'csp-inline-hashes',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const root = fileURLToPath(dir);
      let pages = 0;
      for (const file of await htmlFiles(root)) {
        const html = await readFile(file, 'utf8');
        const own = ownPolicy[path.relative(root, file)];
        if (own !== undefined) {
          await writeFile(file, policyFirst(withPolicy(stylesIntoHead(html), own)));
          logger.info(`${path.relative(root, file)}: its own CSP`);
          continue;
        }
        const result = withInlineHashes(stylesIntoHead(html));
        const finished = policyFirst(result.html);
        if (finished !== html) await writeFile(file, finished);
        if (result.added > 0) pages++;
      }
      if (pages > 0) logger.info(`added the hashes of is:inline scripts/styles to the CSP of ${pages} page(s)`);
    },
  },
});
