/**
 * Records what goes wrong on a page as the browser runs it: Content Security Policy violations (as
 * the page sees them), console errors and uncaught exceptions. Call before the page is loaded.
 */
import type { Page } from '@playwright/test';

export const watchProblems = async (page: Page) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 404 page's own status is logged by Chromium as a failed load; it is the answer we want.
    const own404 =
      message.text().includes('status of 404') && message.location().url === page.url() && page.url().endsWith('/no-such-page');
    if (message.type() === 'error' && !own404) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
};
