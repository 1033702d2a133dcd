/**
 * Browser entry of /admin: starts Decap CMS with the configuration the page carries as JSON
 * (generated at build time from the schemas, see ./decap-config.ts). Bundled on its own, apart from
 * the site's islands (integrations/admin-bundle.ts).
 */
import CMS from 'decap-cms-app';
import type { CmsConfig } from 'decap-cms-core';

const data = document.getElementById('cms-config')?.textContent;
if (!data) throw new Error('/admin: the page carries no #cms-config');
CMS.init({ config: JSON.parse(data) as CmsConfig });
