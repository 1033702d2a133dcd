/**
 * Astro integration: builds the inbox's service worker (src/islands/inbox/pwa/service-worker.ts)
 * after the site's build, into dist/leads-sw.js (a fixed name: a worker's address must stay the
 * same for browsers to update it), as one classic script (classic-script.ts). Built into
 * it: the files /leads loads (its scripts, styles and the chunks they import, read from the built
 * dist/leads.html), which it keeps for offline use, and a version made of their names, so a new
 * build replaces the old cache. The visitors' pages never reference it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildClassicScript } from './classic-script.ts';

export const INBOX_WORKER_ENTRY = 'src/islands/inbox/pwa/service-worker.ts';
export const INBOX_WORKER_FILE = 'leads-sw.js';

/** The built files a page loads, and the chunks they import statically in turn (relative or /_astro/ names). */
export const filesOfPage = async (dist: URL, html: string): Promise<string[]> => {
  const found = new Set<string>();
  // Any attribute: src and href, and an island's component-url and renderer-url.
  const queue = [...html.matchAll(/="(\/(?:_astro|fonts)\/[^"?#]+)"/g)].map((match) => match[1]);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (found.has(file)) continue;
    found.add(file);
    if (!file.endsWith('.js')) continue;
    const code = await readFile(fileURLToPath(new URL(`.${file}`, dist)), 'utf8').catch(() => '');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`): the views loaded later
    // (`import("./x.js")`) are kept when first used, so installing costs the page's own files only.
    for (const match of code.matchAll(/(?:from|import)\s*["'`](?:\.\/|\/_astro\/)([\w.-]+\.(?:js|css))["'`]/g))
      queue.push(`/_astro/${match[1]}`);
  }
  return [...found].sort();
};

export function inboxWorker(): AstroIntegration {
  let root: URL;
  return {
    name: 'aranya:inbox-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const html = await readFile(fileURLToPath(new URL('leads.html', dir)), 'utf8');
        const precache = await filesOfPage(dir, html);
        const version = createHash('sha256').update(precache.join('\n')).update(html).digest('hex').slice(0, 12);
        await buildClassicScript({
          root,
          dist: dir,
          entry: INBOX_WORKER_ENTRY,
          file: INBOX_WORKER_FILE,
          define: { __INBOX_PRECACHE__: JSON.stringify(precache), __INBOX_VERSION__: JSON.stringify(version) },
        });
        logger.info(
          `/${INBOX_WORKER_FILE}: the inbox's service worker, keeping ${precache.length} files for offline use (version ${version})`,
        );
      },
    },
  };
}
