/** Each function's routing and rate limit, as Netlify reads them from `config`. */
import { expect, test } from 'vitest';
import * as realestate from '../../netlify/functions/realestate.mts';
import * as bankloan from '../../netlify/functions/bankloan.mts';
import * as finance from '../../netlify/functions/finance.mts';
import * as contact from '../../netlify/functions/contact.mts';
import * as leads from '../../netlify/functions/leads.mts';
import * as leadsSweep from '../../netlify/functions/leads-sweep.mts';
import * as leadsRetention from '../../netlify/functions/leads-retention.mts';
import * as consent from '../../netlify/functions/consent.mts';
import { FunctionRoutes } from '../../harness/warm-functions.ts';

test.each([
  ['realestate', realestate],
  ['bankloan', bankloan],
  ['finance', finance],
  ['contact', contact],
])('%s: path /api/%s, 10 per minute per IP and domain (aggregateBy as an array)', (name, module) => {
  expect(module.config.path).toBe(`/api/${name}`);
  // No `method` filter: other methods must reach the handler to get 405 JSON, not a 404 page.
  expect(module.config).not.toHaveProperty('method');
  expect(module.config.rateLimit).toEqual({ windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  expect(Array.isArray(module.config.rateLimit?.aggregateBy)).toBe(true);
  expect(typeof module.default).toBe('function');
});

test('leads: /api/leads, /api/leads/:id and /api/leads/:id/* (the inbox) and /api/people/* (persons), 60 per minute so a long export can page through', () => {
  expect(leads.config.path).toEqual(['/api/leads', '/api/leads/:id', '/api/leads/:id/*', '/api/people', '/api/people/*']);
  expect(leads.config).not.toHaveProperty('method');
  expect(leads.config.rateLimit).toEqual({ windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] });
});

test('consent: /api/consent/* (the withdrawal link of the acknowledgements), 30 per minute per IP and domain', () => {
  expect(consent.config.path).toBe('/api/consent/*');
  expect(consent.config).not.toHaveProperty('method');
  expect(consent.config.rateLimit).toEqual({ windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  const routes = new FunctionRoutes();
  const page = () => new Response('page');
  routes.set(consent.config.path as string, page);
  expect(routes.get('/api/consent/c1.abc.ta.def')).toBe(page);
  expect(routes.get('/api/consentx')).toBeUndefined();
});

test.each([
  ['leads-sweep', leadsSweep, '*/10 * * * *'],
  ['leads-retention', leadsRetention, '@daily'],
])('%s is a scheduled function (%s), with no public path', (_name, module, schedule) => {
  expect(module.config).toEqual({ schedule });
  expect(typeof module.default).toBe('function');
});

test('the local router (npm start) matches :name segments and a last * as Netlify does, exact paths first', () => {
  const routes = new FunctionRoutes();
  const exact = () => new Response('exact');
  const byId = () => new Response('by id');
  const below = () => new Response('below');
  for (const route of leads.config.path as string[]) routes.set(route, route.endsWith('*') ? below : route.includes(':') ? byId : exact);
  expect(routes.get('/api/leads')).toBe(exact);
  expect(routes.get('/api/leads/0b5c3f5e-0000-4000-8000-000000000000')).toBe(byId);
  expect(routes.get('/api/leads/abc/')).toBe(byId);
  expect(routes.get('/api/leads/a/release')).toBe(below);
  expect(routes.get('/api/leads/a/photos/1.jpg')).toBe(below);
  expect(routes.get('/api/leadsx')).toBeUndefined();
  expect(routes.get('/api/people/0b5c3f5e-0000-4000-8000-000000000000')).toBe(below);
  expect(routes.get('/api/people/merges/12/undo')).toBe(below);
  expect(routes.get('/api/bankloan')).toBeUndefined();
});
