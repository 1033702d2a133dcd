/**
 * What the benchmarks' enquiries carry so the served site takes them as a person's: a challenge
 * signed with the secret the benchmark gives the site (as the form's GET /api/<kind> would have
 * fetched it a minute earlier), and a daily e-mail limit per contact high enough for one sample
 * person sending thousands of enquiries.
 */
import { issueChallenge, issueConfirmation } from '../src/server/intake/challenge.ts';
import type { EnquiryKind } from '../src/lib/enquiry/index.ts';

export const BENCH_CHALLENGE_SECRET = 'bench-challenge-secret-0123456789abcdefgh';

/** Settings for the site under benchmark (served or in process). */
export const BENCH_ENV = {
  LEADS_CHALLENGE_SECRET: BENCH_CHALLENGE_SECRET,
  LEADS_CONTACT_DAILY_LIMIT: '1000000',
  LEADS_TEAM_EMAIL_HOURLY_CAP: '1000000',
};

/** Native form fields as the confirm page's one click posts them. */
export const confirmedForm = (fields: Record<string, string>) => ({
  ...fields,
  confirmToken: issueConfirmation(BENCH_CHALLENGE_SECRET, fields, Date.now() - 60_000),
});

/** A fresh challenge, as the form of `kind` fetched it a minute earlier: each serves one submission. */
export const challenge = (kind: EnquiryKind) => issueChallenge(BENCH_CHALLENGE_SECRET, kind, Date.now() - 60_000);

export const withChallenge = <T extends object>(kind: EnquiryKind, body: T) => ({ ...body, challenge: challenge(kind) });
