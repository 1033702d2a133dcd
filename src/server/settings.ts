/**
 * Settings of the lead pipeline, read from the environment at call time (so tests and
 * `npm start` can change them without reloading modules).
 */
import { logLead } from './log.ts';

const numberFrom = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
};

const env = () => process.env;

/** Below this fill time (ms) a submission is treated as spam. LEADS_MIN_FILL_MS, default 3000. */
export const minFillMs = () => numberFrom(env().LEADS_MIN_FILL_MS, 3000);
/** Deadline for storing one lead, retries included. LEADS_STORE_TIMEOUT_MS, default 6000. */
export const storeTimeoutMs = () => numberFrom(env().LEADS_STORE_TIMEOUT_MS, 6000);
/**
 * Pause before trying again to record a send that went out (ms); the second pause is twice as
 * long. LEADS_BOOKKEEPING_RETRY_MS, default 1000.
 */
export const bookkeepingRetryMs = () => numberFrom(env().LEADS_BOOKKEEPING_RETRY_MS, 1000);
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
  environment: NodeJS.ProcessEnv = env(),
): { name: 'LEADS_OWNER_TOKEN' | 'LEADS_EXPORT_TOKEN'; value: string } =>
  environment.LEADS_OWNER_TOKEN
    ? { name: 'LEADS_OWNER_TOKEN', value: environment.LEADS_OWNER_TOKEN }
    : { name: 'LEADS_EXPORT_TOKEN', value: environment.LEADS_EXPORT_TOKEN ?? '' };

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
  return null;
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
export const jobBudgetMs = () => numberFrom(env().LEADS_JOB_BUDGET_MS, 25_000);
/** E-mails a sweep sends at once. LEADS_SWEEP_BATCH, default 5. */
export const sweepBatchSize = () => Math.max(1, Math.floor(numberFrom(env().LEADS_SWEEP_BATCH, 5)));
/**
 * A lead of the same person and kind within this many days of an earlier open one is a repeat:
 * stored as its own lead, named on the earlier one, and the team's e-mail says so.
 * LEADS_REPEAT_DAYS, default 30 (0: no repeats are marked).
 */
export const repeatDays = () => Math.floor(numberFrom(env().LEADS_REPEAT_DAYS, 30));
/** Leads older than this many months are deleted. LEADS_RETENTION_MONTHS, default 24. */
export const retentionMonths = () => Math.max(1, Math.floor(numberFrom(env().LEADS_RETENTION_MONTHS, 24)));

/** E-mails a day about one phone or e-mail address, per kind. LEADS_CONTACT_DAILY_LIMIT, default 3. */
export const contactDailyLimit = () => Math.max(1, Math.floor(numberFrom(env().LEADS_CONTACT_DAILY_LIMIT, 3)));

/** Acknowledgements a UTC day to one recipient domain. LEADS_ACK_DOMAIN_DAILY_CAP, default 20. */
export const ackDomainDailyCap = () => Math.floor(numberFrom(env().LEADS_ACK_DOMAIN_DAILY_CAP, 20));
/** Acknowledgements a UTC day from the whole site. LEADS_ACK_SITE_DAILY_CAP, default 200. */
export const ackSiteDailyCap = () => Math.floor(numberFrom(env().LEADS_ACK_SITE_DAILY_CAP, 200));

/** Acknowledgements to one client (an IPv4 address or IPv6 /64) a UTC day. LEADS_ACK_CLIENT_DAILY_CAP, default 3. */
export const ackClientDailyCap = () => Math.floor(numberFrom(env().LEADS_ACK_CLIENT_DAILY_CAP, 3));

/** Bytes of photos one client may stage a UTC day (a plain form's, until confirmed). LEADS_STAGED_PHOTO_DAILY_BYTES, default 40 MB. */
export const stagedPhotoDailyBytes = () => numberFrom(env().LEADS_STAGED_PHOTO_DAILY_BYTES, 40 * 1024 * 1024);

/** Bytes of photos the whole site may stage a UTC day, all clients together. LEADS_STAGED_PHOTO_SITE_DAILY_BYTES, default 500 MB. */
export const stagedPhotoSiteDailyBytes = () => numberFrom(env().LEADS_STAGED_PHOTO_SITE_DAILY_BYTES, 500 * 1024 * 1024);

/** How long to wait for EmailJS. EMAILJS_TIMEOUT_MS, default 5000. */
export const notifyTimeoutMs = () => numberFrom(env().EMAILJS_TIMEOUT_MS, 5000);

export interface EmailJsSettings {
  origin: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
  timeoutMs: number;
}

/** EmailJS REST settings, or null when service, template or public key is unset. */
export const emailJsSettings = (): EmailJsSettings | null => {
  const e = env();
  if (!e.EMAILJS_SERVICE_ID || !e.EMAILJS_TEMPLATE_ID || !e.EMAILJS_PUBLIC_KEY) return null;
  return {
    origin: (e.EMAILJS_API_ORIGIN || 'https://api.emailjs.com').replace(/\/+$/, ''),
    serviceId: e.EMAILJS_SERVICE_ID,
    templateId: e.EMAILJS_TEMPLATE_ID,
    publicKey: e.EMAILJS_PUBLIC_KEY,
    privateKey: e.EMAILJS_PRIVATE_KEY || '',
    timeoutMs: notifyTimeoutMs(),
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
  const e = env();
  const own = (name: string) => (e[name] ?? '').trim();
  const templateId = own('EMAILJS_ACK_TEMPLATE_ID');
  const base = emailJsSettings();
  if (!templateId) return null;
  const serviceId = own('EMAILJS_ACK_SERVICE_ID') || base?.serviceId;
  const publicKey = own('EMAILJS_ACK_PUBLIC_KEY') || base?.publicKey;
  if (!serviceId || !publicKey) return null;
  return {
    origin: (e.EMAILJS_API_ORIGIN || 'https://api.emailjs.com').replace(/\/+$/, ''),
    serviceId,
    templateId,
    publicKey,
    privateKey: own('EMAILJS_ACK_PUBLIC_KEY') ? own('EMAILJS_ACK_PRIVATE_KEY') : (base?.privateKey ?? ''),
    timeoutMs: notifyTimeoutMs(),
  };
};

/**
 * The morning digest's EmailJS settings: the team's, with the template EMAILJS_DIGEST_TEMPLATE_ID,
 * sent to DIGEST_TO. Null (no digest) when either is unset or EmailJS is not configured.
 */
export const digestEmailJsSettings = (): (EmailJsSettings & { to: string }) | null => {
  const settings = emailJsSettings();
  const templateId = (env().EMAILJS_DIGEST_TEMPLATE_ID ?? '').trim();
  const to = (env().DIGEST_TO ?? '').trim();
  return settings && templateId && to ? { ...settings, templateId, to } : null;
};
