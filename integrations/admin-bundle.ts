/**
 * Astro integration: bundles the /admin page script (Decap CMS, src/lib/cms/start.ts) in a
 * Vite build of its own, after the site's build, into dist/_astro/, and points dist/admin.html
 * at it. Bundled with the site instead, Decap would share React and the bundler's runtime with
 * the islands and change how every other page's JavaScript is split (measured: 3 more files and
 * about 1.2 KB more gzip on every page). In `astro dev` the page loads the entry from source.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Rolldown } from 'vite';
import { ADMIN_ENTRY, ADMIN_SCRIPT_PLACEHOLDER } from '../src/lib/cms/admin-script.ts';

export function adminBundle(): AstroIntegration {
  let root: URL;
  return {
    name: 'aranya:admin-bundle',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const output = await build({
          configFile: false,
          root: fileURLToPath(root),
          logLevel: 'warn',
          publicDir: false,
          build: {
            outDir: fileURLToPath(new URL('_astro/', dir)),
            emptyOutDir: false,
            copyPublicDir: false,
            target: 'es2022',
            // Decap is one large application; it loads only on /admin.
            chunkSizeWarningLimit: 8000,
            rolldownOptions: {
              // Known and harmless in Decap's dependencies: React "use client" directives (no
              // meaning in a browser bundle) and js-sha256's `eval("require('crypto')")`, run only in Node.
              onwarn(warning, warn) {
                if (warning.code !== 'MODULE_LEVEL_DIRECTIVE' && warning.code !== 'EVAL') warn(warning);
              },
              input: { 'cms-admin': fileURLToPath(new URL(ADMIN_ENTRY, root)) },
              output: {
                entryFileNames: '[name].[hash].js',
                chunkFileNames: 'cms-[name].[hash].js',
                assetFileNames: 'cms-[name].[hash][extname]',
              },
            },
          },
        });
        const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
        const entry = outputs.flatMap((o) => o.output).find((c) => c.type === 'chunk' && c.isEntry);
        if (!entry) throw new Error('admin bundle: no entry chunk');
        const page = fileURLToPath(new URL('admin.html', dir));
        const html = await readFile(page, 'utf8');
        if (!html.includes(ADMIN_SCRIPT_PLACEHOLDER)) throw new Error(`admin bundle: ${page} has no ${ADMIN_SCRIPT_PLACEHOLDER}`);
        await writeFile(page, html.replace(ADMIN_SCRIPT_PLACEHOLDER, `/_astro/${entry.fileName}`));
        logger.info(`/admin script: /_astro/${entry.fileName} (bundled in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      },
    },
  };
}
