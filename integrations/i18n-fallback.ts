/**
 * Astro integration: when a build starts, prints every content entry that has no translation in
 * a language and so falls back to English (src/lib/translations.ts), one line each.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { fallbackLines, translationStatus } from '../src/lib/translations.ts';

export const i18nFallback = (): AstroIntegration => {
  let root = process.cwd();
  return {
    name: 'aranya:i18n-fallback',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const lines = fallbackLines(translationStatus(root));
        for (const line of lines) logger.warn(line);
        if (lines.length === 0) logger.info('every content entry is translated into every language');
      },
    },
  };
};
