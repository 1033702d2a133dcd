/** The site's own client directive, known to Astro's types (integrations/hydrate-on-interaction.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the visitor's first interaction with the island (src/islands/directives/interact.ts). */
    'client:interact'?: boolean;
  }
}
