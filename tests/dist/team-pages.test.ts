/**
 * The team's two pages as they are built: /admin (Decap CMS) and /leads (the inbox). Neither is
 * for search engines, and no visitor page leads to them or loads their code. What they do in a
 * browser is in tests/e2e/admin.spec.ts and tests/e2e/inbox.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { attributeOf, builtPages, documentAt, sitemapEntries } from '../support/dist.ts';
import { adminMetaCsp } from '../../src/lib/cms/csp.ts';

const VISITOR_PAGES = builtPages()
  .map((page) => page.address)
  .filter((address) => address !== '/admin' && address !== '/leads');
const policyOf = (address: string) => attributeOf(documentAt(address), 'meta[http-equiv="content-security-policy"]', 'content');

describe('/admin', () => {
  it('is not for search engines: noindex, out of the sitemap, linked from no page in any language', () => {
    expect(attributeOf(documentAt('/admin'), 'meta[name="robots"]', 'content')).toBe('noindex, nofollow');
    const locs = sitemapEntries().map((entry) => new URL(entry.loc).pathname);
    expect(locs).toContain('/Aboutpage');
    expect(locs).not.toContain('/admin');
    const linking = VISITOR_PAGES.filter((address) =>
      [...documentAt(address).querySelectorAll('a[href]')].some((a) => /\/admin\b/.test(a.getAttribute('href') ?? '')),
    );
    expect(linking).toEqual([]);
    expect(VISITOR_PAGES.length).toBeGreaterThan(140);
  });

  it("carries its config as data and loads one script of our own: script-src 'self' covers the page", () => {
    const scripts = [...documentAt('/admin').querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    const [data, code] = scripts;
    expect(data.getAttribute('type')).toBe('application/json');
    expect(code.getAttribute('type')).toBe('module');
    expect(code.getAttribute('src')).toMatch(/^\/_astro\/cms-admin\.[\w-]+\.js$/);
    expect(code.textContent).toBe('');

    const config = JSON.parse(data.textContent ?? '');
    expect(config.backend).toMatchObject({ name: 'github', base_url: 'https://api.netlify.com', auth_endpoint: 'auth' });
    expect(config.publish_mode).toBe('editorial_workflow');
    // The built site never looks for a local decap-server.
    expect(config).not.toHaveProperty('local_backend');
  });

  it("carries its own CSP, not the site's: the one written down in src/lib/cms/csp.ts", () => {
    const policies = [...documentAt('/admin').querySelectorAll('meta[http-equiv="content-security-policy"]')].map((m) =>
      m.getAttribute('content'),
    );
    expect(policies).toEqual([adminMetaCsp()]);
    // Every other page keeps the site's policy: no eval, no inline styles or scripts.
    for (const address of VISITOR_PAGES) expect(policyOf(address) ?? '', address).not.toMatch(/unsafe-eval|unsafe-inline/);
  });
});

describe('/leads', () => {
  it('is not indexed, not in the sitemap, and its script is on no visitor page', () => {
    const inbox = documentAt('/leads');
    expect(attributeOf(inbox, 'meta[name="robots"]', 'content')).toBe('noindex, nofollow');
    expect(policyOf('/leads')).toMatch(/script-src 'self'/);
    expect(sitemapEntries().map((entry) => new URL(entry.loc).pathname)).not.toContain('/leads');
    const inboxScripts = [...inbox.querySelectorAll('astro-island[component-url]')].map((island) => island.getAttribute('component-url')!);
    expect(inboxScripts.some((src) => /LeadsInbox/.test(src))).toBe(true);
    const carrying = VISITOR_PAGES.filter((address) =>
      inboxScripts.some((src) => documentAt(address).querySelector(`[component-url="${src}"], script[src="${src}"], link[href="${src}"]`)),
    );
    expect(carrying).toEqual([]);
  });
});
