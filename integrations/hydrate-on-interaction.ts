/**
 * Astro integration: the `client:interact` directive (src/islands/directives/interact.ts). An
 * island with it loads and hydrates when the visitor first reaches for it (focus, pointer, key,
 * input, or a link that jumps to it), and not before: a page that is only read loads none of its
 * script. The enquiry forms and calculators use it; they work as plain HTML until then.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const hydrateOnInteraction = (): AstroIntegration => ({
  name: 'aranya:hydrate-on-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interact',
        entrypoint: fileURLToPath(new URL('../src/islands/directives/interact.ts', import.meta.url)),
      });
    },
  },
});
