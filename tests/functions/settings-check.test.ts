/**
 * Unsafe settings are refused at start (src/server/settings-check.ts): `npm start` exits naming
 * each one, and the functions name them in the log. A weak LEADS_EXPORT_TOKEN, a webhook address
 * that is not https (localhost aside), a webhook secret not written whsec_.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { settingsProblems } from '../../src/server/settings-check.ts';
import {
  estimatedBits,
  MAX_PATTERN_SHARE,
  MIN_EXPORT_TOKEN_BITS,
  parseSettings,
  patternShare,
  salesReadsPerHour,
} from '../../src/server/settings.ts';

const STRONG = randomBytes(32).toString('hex');
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

test.each([
  ['nothing set', {}, []],
  [
    'a strong token and an https webhook',
    { LEADS_EXPORT_TOKEN: STRONG, LEADS_WEBHOOK_URL: 'https://hooks.example/x', LEADS_WEBHOOK_SECRET: SECRET },
    [],
  ],
  ['a localhost webhook over http', { LEADS_WEBHOOK_URL: 'http://localhost:9000/hook', LEADS_WEBHOOK_SECRET: SECRET }, []],
  ['32 times one letter', { LEADS_EXPORT_TOKEN: 'a'.repeat(32) }, [/LEADS_EXPORT_TOKEN is too easy to guess \(about 0 bits/]],
  [
    'a keyboard walk',
    { LEADS_OWNER_TOKEN: 'qwertyuiopasdfghjklzxcvbnm123456' },
    [/LEADS_OWNER_TOKEN is too easy to guess \(\d+ % of it is keyboard walks/],
  ],
  ['keyboard columns', { LEADS_OWNER_TOKEN: '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9' }, [/LEADS_OWNER_TOKEN is too easy to guess \(75 % of it/]],
  [
    'a phrase twice, with a run',
    { LEADS_OWNER_TOKEN: 'owner-key-2026!owner-key-2026!abcdef' },
    [/too easy to guess \(\d+ % of it is keyboard walks, runs or repeats/],
  ],
  ['a short token', { LEADS_EXPORT_TOKEN: 'secret' }, [/LEADS_EXPORT_TOKEN has 6 characters; at least 32/]],
  ['a short token under the new name', { LEADS_OWNER_TOKEN: 'secret' }, [/LEADS_OWNER_TOKEN has 6 characters; at least 32/]],
  [
    'a strong LEADS_OWNER_TOKEN: the old name, unused then, is not checked',
    { LEADS_OWNER_TOKEN: STRONG, LEADS_EXPORT_TOKEN: 'secret' },
    [],
  ],
  [
    'a plain http webhook',
    { LEADS_WEBHOOK_URL: 'http://sheet.example/hook', LEADS_WEBHOOK_SECRET: SECRET },
    [/must start with https:\/\//],
  ],
  ['a secret not written whsec_', { LEADS_WEBHOOK_URL: 'https://hooks.example/x', LEADS_WEBHOOK_SECRET: STRONG }, [/whsec_<base64>/]],
  ['a URL without its secret', { LEADS_WEBHOOK_URL: 'https://hooks.example/x' }, [/Set both LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET/]],
  [
    'a number that is not one',
    { LEADS_MIN_FILL_MS: '3s' },
    [/^LEADS_MIN_FILL_MS must be a number of milliseconds, 0 or more \(it is "3s"\)$/],
  ],
  [
    'a count below its least',
    { LEADS_RETENTION_MONTHS: '0' },
    [/^LEADS_RETENTION_MONTHS must be a whole number of months, 1 or more \(it is "0"\)$/],
  ],
  ['a count with a fraction', { LEADS_SWEEP_BATCH: '2.5' }, [/^LEADS_SWEEP_BATCH must be a whole number of e-mails/]],
  [
    'an EmailJS origin that is no address',
    { EMAILJS_API_ORIGIN: 'api.emailjs.com' },
    [/^EMAILJS_API_ORIGIN must be an http:\/\/ or https:\/\/ address/],
  ],
  ['a digest address that is none', { DIGEST_TO: 'owner@example.com, sales' }, [/^DIGEST_TO must be an e-mail address, or several/]],
  ['a short challenge secret', { LEADS_CHALLENGE_SECRET: 'changeme' }, [/^LEADS_CHALLENGE_SECRET must be at least 32 characters/]],
  ['empty and spaces mean unset', { LEADS_MIN_FILL_MS: '', LEADS_SWEEP_BATCH: '  ', DIGEST_TO: ' owner@example.com ' }, []],
  [
    'two wrong values: each named once',
    { LEADS_STORE_TIMEOUT_MS: '-1', EMAILJS_TIMEOUT_MS: 'five' },
    [/^LEADS_STORE_TIMEOUT_MS must be/, /^EMAILJS_TIMEOUT_MS must be/],
  ],
])('%s', (_name, environment, expected) => {
  const problems = settingsProblems(environment);
  expect(problems).toHaveLength(expected.length);
  expected.forEach((pattern, i) => expect(problems[i]).toMatch(pattern));
});

test('a wrong value takes its default on the server, the others are kept', () => {
  const { settings, problems } = parseSettings({ LEADS_MIN_FILL_MS: 'soon', LEADS_SWEEP_BATCH: '7', DIGEST_TO: 'owner@example.com' });
  expect(problems).toEqual(['LEADS_MIN_FILL_MS must be a number of milliseconds, 0 or more (it is "soon")']);
  expect(settings).toMatchObject({
    LEADS_MIN_FILL_MS: 3000,
    LEADS_SWEEP_BATCH: 7,
    DIGEST_TO: 'owner@example.com',
    LEADS_RETENTION_MONTHS: 24,
  });
});

test('the readers follow the environment as it changes', () => {
  const before = process.env.LEADS_SALES_READS_PER_HOUR;
  try {
    process.env.LEADS_SALES_READS_PER_HOUR = '12';
    expect(salesReadsPerHour()).toBe(12);
    process.env.LEADS_SALES_READS_PER_HOUR = 'lots';
    expect(salesReadsPerHour()).toBe(300);
    delete process.env.LEADS_SALES_READS_PER_HOUR;
    expect(salesReadsPerHour()).toBe(300);
  } finally {
    if (before === undefined) delete process.env.LEADS_SALES_READS_PER_HOUR;
    else process.env.LEADS_SALES_READS_PER_HOUR = before;
  }
});

test('random tokens of 128 bits and more pass the estimate and the pattern check; patterns do not', () => {
  // What the docs tell the owner to make (`openssl rand -hex 32`, or base64 of 32 bytes): 500 of
  // each, every one well over the line (their estimates lie around 190 to 250 bits).
  for (const encoding of ['hex', 'base64url'] as const) {
    const lowest = Math.min(...Array.from({ length: 500 }, () => estimatedBits(randomBytes(32).toString(encoding))));
    expect(lowest).toBeGreaterThan(MIN_EXPORT_TOKEN_BITS + 40);
  }
  for (const encoding of ['hex', 'base64url'] as const) {
    const highest = Math.max(...Array.from({ length: 100 }, () => patternShare(randomBytes(32).toString(encoding))));
    expect(highest).toBeLessThan(MAX_PATTERN_SHARE / 2);
  }
  expect(estimatedBits('z'.repeat(64))).toBe(0);
  expect(estimatedBits('abcd'.repeat(16))).toBe(128 - 0); // 2 bits × 64: exactly at the line
});

test('npm start refuses to start with a weak LEADS_EXPORT_TOKEN, a plain http webhook or a wrong number, naming each', async () => {
  const serve = path.resolve(import.meta.dirname, '../../harness/serve.ts');
  const run = promisify(execFile)(process.execPath, [serve], {
    env: {
      ...process.env,
      LEADS_EXPORT_TOKEN: 'a'.repeat(32),
      LEADS_WEBHOOK_URL: 'http://sheet.example/hook',
      LEADS_WEBHOOK_SECRET: SECRET,
      LEADS_REPEAT_DAYS: 'a month',
      PORT: '1',
    },
    timeout: 60_000,
  });
  const failure = await run.then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain('serve: refusing to start');
  expect(failure?.stderr).toMatch(/LEADS_EXPORT_TOKEN is too easy to guess/);
  expect(failure?.stderr).toMatch(/LEADS_WEBHOOK_URL must start with https:\/\//);
  expect(failure?.stderr).toContain('LEADS_REPEAT_DAYS must be a whole number of days, 0 or more (it is "a month")');
}, 90_000);
