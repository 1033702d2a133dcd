/** Each function's routing and rate limit, as Netlify reads them from `config`. */
import { expect, test } from 'vitest';
import * as realestate from '../../netlify/functions/realestate.mts';
import * as bankloan from '../../netlify/functions/bankloan.mts';
import * as finance from '../../netlify/functions/finance.mts';
import * as contact from '../../netlify/functions/contact.mts';
import * as leads from '../../netlify/functions/leads.mts';

test.each([
  ['realestate', realestate],
  ['bankloan', bankloan],
  ['finance', finance],
  ['contact', contact],
  ['leads', leads],
])('%s: path /api/%s, 10 per minute per IP and domain (aggregateBy as an array)', (name, module) => {
  expect(module.config.path).toBe(`/api/${name}`);
  // No `method` filter: other methods must reach the handler to get 405 JSON, not a 404 page.
  expect(module.config).not.toHaveProperty('method');
  expect(module.config.rateLimit).toEqual({ windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  expect(Array.isArray(module.config.rateLimit?.aggregateBy)).toBe(true);
  expect(typeof module.default).toBe('function');
});
