/**
 * Astro integration: when a build starts, prints every content entry that has no translation in
 * a language and so falls back to English (translations.ts), one line each, and per
 * language how many translated entries are not yet reviewed by a native speaker.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { fallbackLines, reviewLines, translationStatus } from './translations.ts';

export const i18nFallback = (): AstroIntegration => {
  let root = process.cwd();
  return {
    name: 'aranya:i18n-fallback',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const status = translationStatus(root);
        const lines = fallbackLines(status);
        for (const line of lines) logger.warn(line);
        if (lines.length === 0) logger.info('every content entry is translated into every language');
        for (const line of reviewLines(status)) logger.info(line);
      },
    },
  };
};
