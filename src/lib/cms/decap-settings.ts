/** Reads the CMS settings from the build's environment (Netlify's variables, or our own). */
import { site } from '../../config/site.ts';
import type { CmsSettings } from './decap-config.ts';

type Env = Record<string, string | undefined>;

/** `owner/name` from a GitHub URL such as Netlify's REPOSITORY_URL (https or ssh form). */
export function repoFromUrl(url: string | undefined): string | undefined {
  return url?.match(/github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/)?.[1];
}

/**
 * - `DECAP_GITHUB_REPO` (owner/name), else the repository Netlify builds from (`REPOSITORY_URL`).
 * - `DECAP_GITHUB_BRANCH`, else `main`: where approved changes are merged.
 * - In `astro dev` (`npm run cms`), the local decap-server on `DECAP_SERVER_PORT` (8081).
 */
export function cmsSettings(env: Env, dev: boolean): CmsSettings {
  return {
    repo: env.DECAP_GITHUB_REPO || repoFromUrl(env.REPOSITORY_URL) || 'OWNER/REPO',
    branch: env.DECAP_GITHUB_BRANCH || 'main',
    siteUrl: site.url,
    ...(dev ? { localBackendUrl: `http://127.0.0.1:${env.DECAP_SERVER_PORT || 8081}/api/v1` } : {}),
  };
}
