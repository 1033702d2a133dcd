/**
 * One TypeScript entry built, after the site's build, into one classic script with a fixed name in
 * dist/ (a Vite build of its own, everything it imports inlined): for a file whose address must
 * not change from one build to the next (a service worker), or that an inline script loads by name
 * (the sender of kept enquiries). Used by inbox-worker.ts and kept-sender.ts.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const buildClassicScript = async (options: {
  root: URL;
  dist: URL;
  entry: string;
  file: string;
  define?: Record<string, string>;
}) => {
  await build({
    configFile: false,
    root: fileURLToPath(options.root),
    logLevel: 'warn',
    publicDir: false,
    define: options.define ?? {},
    build: {
      outDir: fileURLToPath(options.dist),
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      minify: true,
      rolldownOptions: {
        input: { script: fileURLToPath(new URL(options.entry, options.root)) },
        output: { format: 'iife', entryFileNames: options.file },
      },
    },
  });
};
