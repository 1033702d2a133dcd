import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withInlineHashes, withPolicy } from '../../integrations/csp-inline.ts';
import { ADMIN_CSP_DIRECTIVES, adminMetaCsp } from '../../src/lib/cms/csp.ts';
import { stylesIntoHead } from '../../integrations/head-styles.ts';
import { HEADER_CSP, connectSources, pageDirectives } from '../../src/config/security.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const page = (body: string, policy = "default-src 'self'; script-src 'self'; style-src 'self'") =>
  `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body>${body}</body></html>`;
const policyOf = (html: string) => /content="([^"]*)"/.exec(html)?.[1] ?? '';

describe('the page policy', () => {
  it('a production build connects to itself and EmailJS only', () => {
    expect(connectSources()).toEqual(["'self'", 'https://api.emailjs.com']);
    expect(pageDirectives()).toContain("connect-src 'self' https://api.emailjs.com");
  });

  it('a build pointed at the local stand-in (npm start) also allows that origin', () => {
    expect(connectSources('http://127.0.0.1:8899')).toEqual(["'self'", 'https://api.emailjs.com', 'http://127.0.0.1:8899']);
    expect(connectSources('https://api.emailjs.com/')).toEqual(["'self'", 'https://api.emailjs.com']);
  });

  it('netlify.toml sends the header half of the policy on every path', () => {
    const toml = readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8');
    expect(toml).toContain(`Content-Security-Policy = "${HEADER_CSP}"`);
    for (const directive of ["frame-ancestors 'none'", "form-action 'self'", "base-uri 'self'", "object-src 'none'"])
      expect(HEADER_CSP).toContain(directive);
  });
});

describe('inline scripts and styles Astro does not hash (is:inline)', () => {
  it('get their hash added to the page policy', () => {
    const script = 'document.documentElement.dataset.phoneBar = "1";';
    const style = '.x{color:red}';
    const { html, added } = withInlineHashes(page(`<script>${script}</script><style>${style}</style>`));
    expect(added).toBe(2);
    const policy = policyOf(html);
    expect(policy).toContain(`script-src 'self' ${hash(script)}`);
    expect(policy).toContain(`style-src 'self' ${hash(style)}`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('leave a policy that already has them, external scripts and JSON-LD alone', () => {
    const script = 'console.log(1)';
    const before = page(
      `<script>${script}</script><script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{"a":1}</script>`,
      `script-src 'self' ${hash(script)}`,
    );
    expect(withInlineHashes(before)).toEqual({ html: before, added: 0 });
  });

  it('a page without a policy is left as it is', () => {
    const html = '<html><head></head><body><script>x()</script></body></html>';
    expect(withInlineHashes(html).html).toBe(html);
  });
});

describe("a page with its own policy (/admin's Decap)", () => {
  it("gets that policy in place of the site's, inline scripts not hashed in", () => {
    const html = withPolicy(page('<script>x()</script>'), adminMetaCsp());
    expect(policyOf(html)).toBe(adminMetaCsp());
    expect(html.match(/content-security-policy/g)).toHaveLength(1);
  });

  it('is the written-down policy less frame-ancestors, which a <meta> cannot carry (the header does)', () => {
    expect(adminMetaCsp()).not.toContain('frame-ancestors');
    expect(adminMetaCsp().split('; ')).toHaveLength(Object.keys(ADMIN_CSP_DIRECTIVES).length - 1);
    expect(HEADER_CSP).toContain("frame-ancestors 'none'");
  });

  it('a page without a CSP <meta> is an error, not silently left without a policy', () => {
    expect(() => withPolicy('<html><head></head></html>', adminMetaCsp())).toThrow(/no CSP <meta>/);
  });
});

describe('styles in the body', () => {
  it('move to the end of the head, unchanged', () => {
    const html = '<html><head><title>t</title></head><body><p>a</p><style>astro-island{display:contents}</style><p>b</p></body></html>';
    expect(stylesIntoHead(html)).toBe(
      '<html><head><title>t</title><style>astro-island{display:contents}</style></head><body><p>a</p><p>b</p></body></html>',
    );
  });
});
