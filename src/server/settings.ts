/**
 * Settings of the lead pipeline: every environment variable the server reads, in one zod schema
 * (`.env.example` lists and explains them). Platform values (NETLIFY_DB_URL, CONTEXT) and the
 * build's PUBLIC_ ones are read where they are used.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { logLead } from './log.ts';

/**
 * Every setting the server reads, parsed in one schema. A value that is set but wrong (not a
 * number, below its least value, not an address) is a problem: `npm start` refuses to start naming
 * it (settings-check.ts), and on Netlify the functions log it and use the default instead. Unset
 * and empty are the same: the default.
 */
const milliseconds = (fallback: number, least = 0) =>
  z.coerce
    .number({ error: `a number of milliseconds, ${least} or more` })
    .min(least, { error: `a number of milliseconds, ${least} or more` })
    .default(fallback);
const count = (fallback: number, least: number, of: string) =>
  z.coerce
    .number({ error: `a whole number of ${of}, ${least} or more` })
    .int({ error: `a whole number of ${of}, ${least} or more` })
    .min(least, { error: `a whole number of ${of}, ${least} or more` })
    .default(fallback);
/** Working minutes with no default of their own (the clock's later steps: twice and three times the first). */
const minutes = z.coerce
  .number({ error: 'a whole number of minutes, 1 or more' })
  .int({ error: 'a whole number of minutes, 1 or more' })
  .min(1, { error: 'a whole number of minutes, 1 or more' })
  .optional();
const bytes = (fallback: number) => count(fallback, 0, 'bytes');
const text = z.string().optional();
const address = z.url({ protocol: /^https?$/, error: 'an http:// or https:// address' }).optional();
const emails = z
  .string()
  .refine((value) => value.split(',').every((one) => z.email().safeParse(one.trim()).success), {
    error: 'an e-mail address, or several separated by commas',
  })
  .optional();

/** A template's name as Meta takes it: lower-case letters, digits and underscores. */
const templateName = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9_]{1,512}$/, { error: 'a template name of lower-case letters, digits and underscores' })
    .default(fallback);

export const settingsSchema = z.object({
  LEADS_OWNER_TOKEN: text,
  LEADS_EXPORT_TOKEN: text,
  LEADS_SIGN_IN_DELAY_MS: milliseconds(1000),
  LEADS_SALES_READS_PER_HOUR: count(300, 1, 'leads'),
  LEADS_MIN_FILL_MS: milliseconds(3000),
  LEADS_STORE_TIMEOUT_MS: milliseconds(6000),
  LEADS_BOOKKEEPING_RETRY_MS: milliseconds(1000),
  LEADS_JOB_BUDGET_MS: milliseconds(25_000),
  LEADS_SWEEP_BATCH: count(5, 1, 'e-mails'),
  LEADS_REPEAT_DAYS: count(30, 0, 'days'),
  LEADS_RETENTION_MONTHS: count(24, 1, 'months'),
  LEADS_CONTACT_DAILY_LIMIT: count(3, 1, 'e-mails'),
  LEADS_TEAM_EMAIL_HOURLY_CAP: count(30, 1, 'e-mails'),
  LEADS_ACK_DOMAIN_DAILY_CAP: count(20, 0, 'e-mails'),
  LEADS_ACK_SITE_DAILY_CAP: count(200, 0, 'e-mails'),
  LEADS_ACK_CLIENT_DAILY_CAP: count(3, 0, 'e-mails'),
  LEADS_STAGED_PHOTO_DAILY_BYTES: bytes(40 * 1024 * 1024),
  LEADS_STAGED_PHOTO_SITE_DAILY_BYTES: bytes(500 * 1024 * 1024),
  LEADS_CHALLENGE_SECRET: z.string().min(32, { error: 'at least 32 characters (make one with `openssl rand -hex 32`)' }).optional(),
  LEADS_PREVIEW_NOTIFY_TO: emails,
  LEADS_WEBHOOK_URL: text,
  LEADS_WEBHOOK_SECRET: text,
  LEADS_WEBHOOK_TIMEOUT_MS: milliseconds(5000, 1),
  EMAILJS_SERVICE_ID: text,
  EMAILJS_TEMPLATE_ID: text,
  EMAILJS_PUBLIC_KEY: text,
  EMAILJS_PRIVATE_KEY: text,
  EMAILJS_API_ORIGIN: address,
  EMAILJS_TIMEOUT_MS: milliseconds(5000),
  EMAILJS_ACK_TEMPLATE_ID: text,
  EMAILJS_ACK_SERVICE_ID: text,
  EMAILJS_ACK_PUBLIC_KEY: text,
  EMAILJS_ACK_PRIVATE_KEY: text,
  EMAILJS_DIGEST_TEMPLATE_ID: text,
  DIGEST_TO: emails,
  // Routing (intake/assign.ts, jobs/first-contact.ts) and push alerts (outbound/push.ts).
  LEADS_FIRST_CONTACT_MINUTES: count(15, 1, 'minutes'),
  LEADS_ESCALATE_AFTER_MINUTES: minutes,
  LEADS_REASSIGN_AFTER_MINUTES: minutes,
  WEB_PUSH_PUBLIC_KEY: text,
  WEB_PUSH_PRIVATE_KEY: text,
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: 'a mailto: or https:// address' })
    .default('mailto:team@example.com'),
  // WhatsApp (outbound/whatsapp.ts, intake/whatsapp-webhook.ts): off until the number's id and the token are set.
  WHATSAPP_API_URL: address,
  WHATSAPP_PHONE_NUMBER_ID: text,
  WHATSAPP_ACCESS_TOKEN: text,
  WHATSAPP_APP_SECRET: text,
  WHATSAPP_VERIFY_TOKEN: text,
  WHATSAPP_ACK_TEMPLATE: templateName('enquiry_ack'),
  WHATSAPP_TEAM_TEMPLATE: templateName('team_new_lead'),
  WHATSAPP_DAILY_CAP: count(200, 0, 'messages'),
  WHATSAPP_RATE_INR: z.coerce
    .number({ error: 'a number of rupees, 0 or more' })
    .min(0, { error: 'a number of rupees, 0 or more' })
    .default(0.12),
});
export type Settings = z.infer<typeof settingsSchema>;
type SettingName = keyof Settings;
const NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** The environment's values of the settings, trimmed; empty ones left out (so they take the default). */
const rawSettings = (environment: NodeJS.ProcessEnv) => {
  const raw: Partial<Record<SettingName, string>> = {};
  for (const name of NAMES) {
    const value = environment[name]?.trim();
    if (value) raw[name] = value;
  }
  return raw;
};

/**
 * The settings of `environment`, and a problem in plain words for each value that is set but
 * wrong (that one then takes its default).
 */
export const parseSettings = (environment: NodeJS.ProcessEnv): { settings: Settings; problems: string[] } => {
  const raw = rawSettings(environment);
  const first = settingsSchema.safeParse(raw);
  if (first.success) return { settings: first.data, problems: [] };
  const problems: string[] = [];
  const wrong = new Set<SettingName>();
  for (const issue of first.error.issues) {
    const name = issue.path[0] as SettingName;
    if (wrong.has(name)) continue;
    wrong.add(name);
    problems.push(`${name} must be ${issue.message} (it is "${raw[name] ?? ''}")`);
  }
  for (const name of wrong) delete raw[name];
  return { settings: settingsSchema.parse(raw), problems };
};

let parsed: { key: string; settings: Settings } | undefined;

/**
 * The settings in force, read from the environment at call time (tests and `npm start` change it
 * without reloading modules) and parsed again only when it changed.
 */
export const settings = (): Settings => {
  const key = JSON.stringify(rawSettings(process.env));
  if (parsed?.key !== key) parsed = { key, settings: parseSettings(process.env).settings };
  return parsed.settings;
};

/** Below this fill time (ms) a submission is treated as spam. LEADS_MIN_FILL_MS, default 3000. */
export const minFillMs = () => settings().LEADS_MIN_FILL_MS;
/** Deadline for storing one lead, retries included. LEADS_STORE_TIMEOUT_MS, default 6000. */
export const storeTimeoutMs = () => settings().LEADS_STORE_TIMEOUT_MS;
/**
 * Pause before trying again to record a send that went out (ms); the second pause is twice as
 * long. LEADS_BOOKKEEPING_RETRY_MS, default 1000.
 */
export const bookkeepingRetryMs = () => settings().LEADS_BOOKKEEPING_RETRY_MS;
/**
 * How long the answer to a wrong key waits, per failure of the client's window (ms).
 * LEADS_SIGN_IN_DELAY_MS, default 1000.
 */
export const signInDelayBaseMs = () => settings().LEADS_SIGN_IN_DELAY_MS;
/** Different leads one sales key may read in a UTC hour. LEADS_SALES_READS_PER_HOUR, default 300. */
export const salesReadsPerHour = () => settings().LEADS_SALES_READS_PER_HOUR;
/** The challenge secret as set (LEADS_CHALLENGE_SECRET), or empty: the server keeps its own then. */
export const challengeSecretSetting = () => settings().LEADS_CHALLENGE_SECRET ?? '';
/** Where a preview's team e-mail goes instead (LEADS_PREVIEW_NOTIFY_TO); empty: nowhere. */
export const previewNotifyTo = () => settings().LEADS_PREVIEW_NOTIFY_TO ?? '';
/** The webhook's address, secret and timeout as set (outbound/webhook.ts checks and uses them). */
export const webhookSetting = () => {
  const { LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET, LEADS_WEBHOOK_TIMEOUT_MS } = settings();
  return { url: LEADS_WEBHOOK_URL ?? '', secret: LEADS_WEBHOOK_SECRET ?? '', timeoutMs: LEADS_WEBHOOK_TIMEOUT_MS };
};
/** The shortest export token taken: anything shorter could be guessed, so it counts as unset. */
export const MIN_EXPORT_TOKEN_LENGTH = 32;
/** The least randomness an export token must show (bits, estimated below). */
export const MIN_EXPORT_TOKEN_BITS = 128;

/**
 * An estimate of a token's randomness: its length times the Shannon entropy of its characters.
 * 32 times one letter is 0 bits, `abab…` is 1 bit a character; `openssl rand -hex 32` is about
 * 250 and `openssl rand -base64 32` about 220.
 */
export const estimatedBits = (token: string): number => {
  const characters = [...token];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) perCharacter -= (count / characters.length) * Math.log2(count / characters.length);
  return characters.length * perCharacter;
};

/**
 * The owner's first key as set: LEADS_OWNER_TOKEN, or LEADS_EXPORT_TOKEN, its old name, which
 * deploys made before the rename still use; the new name wins when both are set.
 */
export const ownerTokenSetting = (
  environment: NodeJS.ProcessEnv = process.env,
): { name: 'LEADS_OWNER_TOKEN' | 'LEADS_EXPORT_TOKEN'; value: string } =>
  environment.LEADS_OWNER_TOKEN?.trim()
    ? { name: 'LEADS_OWNER_TOKEN', value: environment.LEADS_OWNER_TOKEN.trim() }
    : { name: 'LEADS_EXPORT_TOKEN', value: environment.LEADS_EXPORT_TOKEN?.trim() ?? '' };

/** Keyboard walks, runs and repeats as zxcvbn-ts finds them; no word lists (a key is not a password someone remembers). */
let patternFinder: ZxcvbnFactory | undefined;
const PATTERNS = new Set(['spatial', 'sequence', 'repeat']);

/**
 * The share of a token's characters that are keyboard walks (`qwer`, `1qaz`), runs (`abcd`, `6789`)
 * or repeats (`abab`, `zzzz`). A random key from `openssl rand` stays under a third (3,000 random
 * keys of 16 to 32 bytes: at most 0.28); `qwertyuiopasdfghjklzxcvbnm123456` is nearly all pattern.
 */
export const patternShare = (token: string): number => {
  if (!token) return 0;
  patternFinder ??= new ZxcvbnFactory({ dictionary: {}, graphs: adjacencyGraphs });
  const covered = patternFinder
    .check(token)
    .sequence.filter((match) => PATTERNS.has(match.pattern))
    .reduce((sum, match) => sum + match.token.length, 0);
  return covered / token.length;
};
/** A key at least half made of patterns is refused, however long. */
export const MAX_PATTERN_SHARE = 0.5;

const checked = new Map<string, string | null>();

/**
 * Why the owner's key is too weak to be taken, in plain words naming the setting it came from, or
 * null when it is strong enough (or unset).
 */
export const exportTokenProblem = (token: string, name = 'LEADS_OWNER_TOKEN'): string | null => {
  if (!token) return null;
  const fix = 'make one with `openssl rand -hex 32`';
  if (token.length < MIN_EXPORT_TOKEN_LENGTH)
    return `${name} has ${token.length} characters; at least ${MIN_EXPORT_TOKEN_LENGTH} are needed (${fix})`;
  const bits = Math.floor(estimatedBits(token));
  if (bits < MIN_EXPORT_TOKEN_BITS)
    return `${name} is too easy to guess (about ${bits} bits of randomness, at least ${MIN_EXPORT_TOKEN_BITS} are needed: ${fix})`;
  const key = `${name}\n${token}`;
  if (!checked.has(key)) {
    const share = patternShare(token);
    checked.clear();
    checked.set(
      key,
      share >= MAX_PATTERN_SHARE
        ? `${name} is too easy to guess (${Math.round(share * 100)} % of it is keyboard walks, runs or repeats such as "qwer", "1234" or "abab": ${fix})`
        : null,
    );
  }
  return checked.get(key) ?? null;
};
let warnedWeakToken = '';

/**
 * The owner's first key for /api/leads (src/server/team/auth.ts); unset means the team's API does
 * not exist (404). A weak token (too short, or too little randomness) is refused: treated as
 * unset, and the log says why, once. The team's API never falls back to open.
 */
export const exportToken = () => {
  const { name, value: token } = ownerTokenSetting();
  const problem = exportTokenProblem(token, name);
  if (problem) {
    if (warnedWeakToken !== token) {
      warnedWeakToken = token;
      logLead({ kind: 'export', status: 'token-refused', note: `${problem}, so the team's inbox and export stay closed` });
    }
    return '';
  }
  return token;
};

/**
 * Time a sweep or retention run may take (ms); it starts no new batch that could outlast it.
 * LEADS_JOB_BUDGET_MS, default 25000 (a Netlify scheduled function has 30 s).
 */
export const jobBudgetMs = () => settings().LEADS_JOB_BUDGET_MS;
/** E-mails a sweep sends at once. LEADS_SWEEP_BATCH, default 5. */
export const sweepBatchSize = () => settings().LEADS_SWEEP_BATCH;
/**
 * A lead of the same person and kind within this many days of an earlier open one is a repeat:
 * stored as its own lead, named on the earlier one, and the team's e-mail says so.
 * LEADS_REPEAT_DAYS, default 30 (0: no repeats are marked).
 */
export const repeatDays = () => settings().LEADS_REPEAT_DAYS;
/** Leads older than this many months are deleted. LEADS_RETENTION_MONTHS, default 24. */
export const retentionMonths = () => settings().LEADS_RETENTION_MONTHS;

/** E-mails a day about one phone or e-mail address, per kind. LEADS_CONTACT_DAILY_LIMIT, default 3. */
export const contactDailyLimit = () => settings().LEADS_CONTACT_DAILY_LIMIT;

/**
 * Team e-mails a UTC hour from the whole site; past it, one e-mail lists the rest.
 * LEADS_TEAM_EMAIL_HOURLY_CAP, default 30.
 */
export const teamEmailHourlyCap = () => settings().LEADS_TEAM_EMAIL_HOURLY_CAP;

/** Acknowledgements a UTC day to one recipient domain. LEADS_ACK_DOMAIN_DAILY_CAP, default 20. */
export const ackDomainDailyCap = () => settings().LEADS_ACK_DOMAIN_DAILY_CAP;
/** Acknowledgements a UTC day from the whole site. LEADS_ACK_SITE_DAILY_CAP, default 200. */
export const ackSiteDailyCap = () => settings().LEADS_ACK_SITE_DAILY_CAP;

/** Acknowledgements to one client (an IPv4 address or IPv6 /64) a UTC day. LEADS_ACK_CLIENT_DAILY_CAP, default 3. */
export const ackClientDailyCap = () => settings().LEADS_ACK_CLIENT_DAILY_CAP;

/** Bytes of photos one client may stage a UTC day (a plain form's, until confirmed). LEADS_STAGED_PHOTO_DAILY_BYTES, default 40 MB. */
export const stagedPhotoDailyBytes = () => settings().LEADS_STAGED_PHOTO_DAILY_BYTES;

/** Bytes of photos the whole site may stage a UTC day, all clients together. LEADS_STAGED_PHOTO_SITE_DAILY_BYTES, default 500 MB. */
export const stagedPhotoSiteDailyBytes = () => settings().LEADS_STAGED_PHOTO_SITE_DAILY_BYTES;

/** How long to wait for EmailJS. EMAILJS_TIMEOUT_MS, default 5000. */
export const notifyTimeoutMs = () => settings().EMAILJS_TIMEOUT_MS;

export interface EmailJsSettings {
  origin: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
  timeoutMs: number;
}

const emailJsOrigin = (origin: string | undefined) => (origin ?? 'https://api.emailjs.com').replace(/\/+$/, '');

/** EmailJS REST settings, or null when service, template or public key is unset. */
export const emailJsSettings = (): EmailJsSettings | null => {
  const e = settings();
  if (!e.EMAILJS_SERVICE_ID || !e.EMAILJS_TEMPLATE_ID || !e.EMAILJS_PUBLIC_KEY) return null;
  return {
    origin: emailJsOrigin(e.EMAILJS_API_ORIGIN),
    serviceId: e.EMAILJS_SERVICE_ID,
    templateId: e.EMAILJS_TEMPLATE_ID,
    publicKey: e.EMAILJS_PUBLIC_KEY,
    privateKey: e.EMAILJS_PRIVATE_KEY ?? '',
    timeoutMs: e.EMAILJS_TIMEOUT_MS,
  };
};

/**
 * EmailJS settings for the visitor's acknowledgement (ack.ts): the template
 * EMAILJS_ACK_TEMPLATE_ID, through its own service and account when EMAILJS_ACK_SERVICE_ID,
 * EMAILJS_ACK_PUBLIC_KEY and EMAILJS_ACK_PRIVATE_KEY are set (so acknowledgements use their own
 * quota and can never use up the team's), else the team's. Null (no acknowledgement) when the
 * template is unset or EmailJS is not configured.
 */
export const ackEmailJsSettings = (): EmailJsSettings | null => {
  const e = settings();
  const templateId = e.EMAILJS_ACK_TEMPLATE_ID;
  const base = emailJsSettings();
  if (!templateId) return null;
  const serviceId = e.EMAILJS_ACK_SERVICE_ID ?? base?.serviceId;
  const publicKey = e.EMAILJS_ACK_PUBLIC_KEY ?? base?.publicKey;
  if (!serviceId || !publicKey) return null;
  return {
    origin: emailJsOrigin(e.EMAILJS_API_ORIGIN),
    serviceId,
    templateId,
    publicKey,
    privateKey: e.EMAILJS_ACK_PUBLIC_KEY ? (e.EMAILJS_ACK_PRIVATE_KEY ?? '') : (base?.privateKey ?? ''),
    timeoutMs: e.EMAILJS_TIMEOUT_MS,
  };
};

/**
 * The morning digest's EmailJS settings: the team's, with the template EMAILJS_DIGEST_TEMPLATE_ID,
 * sent to DIGEST_TO. Null (no digest) when either is unset or EmailJS is not configured.
 */
export const digestEmailJsSettings = (): (EmailJsSettings & { to: string }) | null => {
  const base = emailJsSettings();
  const { EMAILJS_DIGEST_TEMPLATE_ID: templateId, DIGEST_TO: to } = settings();
  return base && templateId && to ? { ...base, templateId, to } : null;
};

/**
 * The first-contact clock's steps, in working minutes from a lead's clock start: the reminder to
 * the assignee when the first contact is due (LEADS_FIRST_CONTACT_MINUTES, default 15), the
 * escalation to the owner (LEADS_ESCALATE_AFTER_MINUTES, default twice that) and the reassignment
 * (LEADS_REASSIGN_AFTER_MINUTES, default three times). Each later step comes no sooner than the one before.
 */
export const clockSteps = (): [number, number, number] => {
  const { LEADS_FIRST_CONTACT_MINUTES: due, LEADS_ESCALATE_AFTER_MINUTES, LEADS_REASSIGN_AFTER_MINUTES } = settings();
  const escalate = Math.max(due, LEADS_ESCALATE_AFTER_MINUTES ?? due * 2);
  const reassign = Math.max(escalate, LEADS_REASSIGN_AFTER_MINUTES ?? due * 3);
  return [due, escalate, reassign];
};

/** Web Push's VAPID keys and contact (outbound/push.ts); null (no push alerts) when a key is unset. */
export const webPushSettings = (): { publicKey: string; privateKey: string; subject: string; timeoutMs: number } | null => {
  const { WEB_PUSH_PUBLIC_KEY: publicKey, WEB_PUSH_PRIVATE_KEY: privateKey, WEB_PUSH_SUBJECT: subject } = settings();
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject, timeoutMs: notifyTimeoutMs() };
};

/** WhatsApp acknowledgements a UTC day from the whole site. WHATSAPP_DAILY_CAP, default 200 (Meta's first tier is 250). */
export const whatsappDailyCap = () => settings().WHATSAPP_DAILY_CAP;

/** What one WhatsApp utility message costs, in rupees (Insights' monthly cost). WHATSAPP_RATE_INR, default 0.12. */
export const whatsappRateInr = () => settings().WHATSAPP_RATE_INR;

/** The Cloud API's address when WHATSAPP_API_URL is unset: Meta's Graph API, at a pinned version. */
export const WHATSAPP_GRAPH_API = 'https://graph.facebook.com/v23.0';

export interface WhatsAppSettings {
  /** The Graph API's address with its version, no trailing slash. */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** The app's secret the webhook's signatures are made with ('' when unset: every POST is refused). */
  appSecret: string;
  /** What Meta's verification must bring ('' when unset: every verification is refused). */
  verifyToken: string;
  /** The acknowledgement's template and the team's alert's: one name, a text per language. */
  ackTemplate: string;
  teamTemplate: string;
  dailyCap: number;
  rateInr: number;
  timeoutMs: number;
}

/**
 * WhatsApp's Cloud API settings (outbound/whatsapp.ts); null (no WhatsApp at all) while
 * WHATSAPP_PHONE_NUMBER_ID or WHATSAPP_ACCESS_TOKEN is unset.
 */
export const whatsappSettings = (): WhatsAppSettings | null => {
  const s = settings();
  if (!s.WHATSAPP_PHONE_NUMBER_ID || !s.WHATSAPP_ACCESS_TOKEN) return null;
  return {
    apiUrl: (s.WHATSAPP_API_URL ?? WHATSAPP_GRAPH_API).replace(/\/+$/, ''),
    phoneNumberId: s.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: s.WHATSAPP_ACCESS_TOKEN,
    appSecret: s.WHATSAPP_APP_SECRET ?? '',
    verifyToken: s.WHATSAPP_VERIFY_TOKEN ?? '',
    ackTemplate: s.WHATSAPP_ACK_TEMPLATE,
    teamTemplate: s.WHATSAPP_TEAM_TEMPLATE,
    dailyCap: s.WHATSAPP_DAILY_CAP,
    rateInr: s.WHATSAPP_RATE_INR,
    timeoutMs: s.EMAILJS_TIMEOUT_MS,
  };
};

/** The webhook's two secrets, whether or not sending is set up (a number's statuses may still come in). */
export const whatsappWebhookSecrets = () => {
  const { WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = settings();
  return { appSecret: WHATSAPP_APP_SECRET ?? '', verifyToken: WHATSAPP_VERIFY_TOKEN ?? '' };
};
