/**
 * The Content Security Policy every built page declares in its <meta>, and where: first in <head>
 * after the charset, so no script or style comes before it. How browsers enforce it is in
 * tests/e2e/security.spec.ts (and tests/e2e/templates.spec.ts, on every template).
 */
import { describe, expect, it } from 'vitest';
import { attributeOf, builtPages, documentAt } from '../support/dist.ts';

const PAGES = builtPages().map((page) => page.address);
/** Pages with a policy of their own: /admin (tests/dist/team-pages.test.ts) and Astro's redirect pages. */
const SITE_POLICY = PAGES.filter(
  (address) => address !== '/admin' && documentAt(address).querySelector('meta[http-equiv="refresh"]') === null,
);

describe('the CSP of every page', () => {
  it('declares script-src self and hashes, no unsafe-inline for scripts, and the site directives', () => {
    const problems: string[] = [];
    for (const address of SITE_POLICY) {
      const policy = attributeOf(documentAt(address), 'meta[http-equiv="content-security-policy"]', 'content') ?? '';
      const scriptSrc =
        policy
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith('script-src ')) ?? '';
      if (!/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/.test(scriptSrc)) problems.push(`${address}: ${scriptSrc || 'no script-src'}`);
      for (const directive of [
        "default-src 'self'",
        "form-action 'self'",
        "base-uri 'self'",
        "object-src 'none'",
        "connect-src 'self' https://api.emailjs.com",
      ])
        if (!policy.includes(directive)) problems.push(`${address}: no ${directive}`);
    }
    expect(problems).toEqual([]);
    expect(SITE_POLICY.length).toBeGreaterThan(140);
  });

  it('is the first thing in <head> after the charset, on every page, /admin too', () => {
    const problems = [...SITE_POLICY, '/admin'].filter((address) => {
      const [first, second] = documentAt(address).head.children;
      return !first?.matches('meta[charset="utf-8"]') || !second?.matches('meta[http-equiv="content-security-policy"]');
    });
    expect(problems).toEqual([]);
  });
});
