/**
 * Which Netlify deploy this is. A deploy preview (a pull request) and a branch deploy are not
 * production: Netlify gives them a database branch of their own, the team is not e-mailed, the
 * webhook is not called, no visitor is acknowledged, and every page says so in a slim banner.
 * Production, `npm start` and the tests (unless they set `CONTEXT`) behave as production.
 */

/** Netlify's contexts (`CONTEXT`) that are not production. */
export const PREVIEW_CONTEXTS: readonly string[] = ['deploy-preview', 'branch-deploy'];

export const isPreviewContext = (context: string | undefined): boolean => context !== undefined && PREVIEW_CONTEXTS.includes(context);

/** At build time: Netlify sets `CONTEXT` for the build. */
export const isPreviewBuild = (): boolean => isPreviewContext(globalThis.process?.env?.CONTEXT);
