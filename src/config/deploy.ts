/**
 * Which Netlify deploy this is. A deploy preview (a pull request) and a branch deploy are not
 * production: Netlify gives them a database branch of their own, the team is not e-mailed, the
 * webhook is not called, no visitor is acknowledged, and every page says so in a slim banner.
 *
 * The build and the functions read a context by one rule: production only when it says
 * `production`, the local site when it says `dev` (`npm start`, the e2e build, the benchmarks and
 * `astro dev` set it), and every other context, a missing one included, a preview. So a build
 * whose context cannot be read shows the banner, as its functions follow the preview rules.
 */

/** Netlify's contexts (`CONTEXT`) that are not production. */
export const PREVIEW_CONTEXTS: readonly string[] = ['deploy-preview', 'branch-deploy'];

export const isPreviewContext = (context: string | undefined): boolean => context !== undefined && PREVIEW_CONTEXTS.includes(context);

/** The contexts that are not a preview: the live site, and the local one. */
const NOT_PREVIEW: readonly string[] = ['production', 'dev'];

/**
 * At build time: Netlify sets `CONTEXT` for the build; the local builds set `dev`, and `astro
 * dev` is the local site. Anything else, a missing context too, is a preview.
 */
export const isPreviewBuild = (): boolean =>
  import.meta.env?.MODE !== 'development' && !NOT_PREVIEW.includes(globalThis.process?.env?.CONTEXT ?? '');
