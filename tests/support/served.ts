/**
 * What the tests in tests/served use to reach the served site (tests/support/served-site.ts starts
 * it): requests by path, the owner's key, and posts signed as a form would have them.
 */
import { inject } from 'vitest';
import type { EnquiryKind } from '../../src/lib/enquiry/kinds.ts';
import { issueChallenge, issueConfirmation } from '../../src/server/intake/challenge.ts';
import { SERVED_CHALLENGE_SECRET, SERVED_OWNER_KEY } from './served-site.ts';

export { SERVED_MIN_FILL_MS } from './served-site.ts';

export const servedSite = () => inject('servedSite');

/** The owner's authorization header. */
export const OWNER = { authorization: `Bearer ${SERVED_OWNER_KEY}` };

/** A request to a path of the served site; redirects are answered, not followed. */
export const request = (path: string, init: RequestInit = {}) => fetch(new URL(path, servedSite().origin), { redirect: 'manual', ...init });

/** A JSON post, as the form's script sends it. */
export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A form-encoded post, as a browser without JavaScript sends it. */
export const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The body with the challenge its form got when it opened, `agoMs` earlier (20 s: a person's pace). */
export const withChallenge = <T extends object>(kind: EnquiryKind, body: T, agoMs = 20_000) => ({
  ...body,
  challenge: issueChallenge(SERVED_CHALLENGE_SECRET, kind, Date.now() - agoMs),
});

/** The fields with the token of their confirmation, as the confirm page posts them after a person read it. */
export const confirmed = (fields: Record<string, string>) => ({
  ...fields,
  confirmToken: issueConfirmation(SERVED_CHALLENGE_SECRET, fields, Date.now() - 20_000),
});

/** The stored leads of a kind, through the owner's export (JSON). */
export const exported = async (kind: string, query = '') => {
  const answer = await request(`/api/leads?kind=${kind}&format=json&limit=2000${query}`, { headers: OWNER });
  if (answer.status !== 200) throw new Error(`the export answered ${answer.status}`);
  return ((await answer.json()) as { leads: Array<Record<string, unknown>> }).leads;
};
