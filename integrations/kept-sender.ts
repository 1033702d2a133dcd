/**
 * Astro integration: builds the sender of kept enquiries (src/client-scripts/send-kept.ts), after
 * the site's build, into dist/send-kept.js (classic-script.ts): the name the pages' inline check
 * loads it by (src/lib/kept-enquiry.ts). No page references it otherwise.
 */
import type { AstroIntegration } from 'astro';
import { buildClassicScript } from './classic-script.ts';
import { KEPT_SENDER } from '../src/lib/kept-enquiry.ts';

export const KEPT_SENDER_ENTRY = 'src/client-scripts/send-kept.ts';

export function keptSender(): AstroIntegration {
  let root: URL;
  return {
    name: 'aranya:kept-sender',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        await buildClassicScript({ root, dist: dir, entry: KEPT_SENDER_ENTRY, file: KEPT_SENDER.slice(1) });
        logger.info(`${KEPT_SENDER}: the sender of kept enquiries, loaded only when an enquiry waits`);
      },
    },
  };
}
