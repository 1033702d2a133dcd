/**
 * Where /admin's script comes from. The page names it; the build integration
 * (integrations/admin-bundle.ts) bundles the entry on its own and swaps the placeholder for the
 * hashed file. Constants only, so the page and the integration agree without src/ importing
 * anything outside it.
 */
export const ADMIN_ENTRY = 'src/lib/cms/start.ts';
/** What admin.astro writes as the script's src in a build; replaced by the hashed file name. */
export const ADMIN_SCRIPT_PLACEHOLDER = '/_astro/cms-admin.js';
