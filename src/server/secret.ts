/**
 * The server's secret: what signs the form's challenges and confirmations (intake/challenge.ts),
 * the withdrawal links of the acknowledgements (outbound/consent-link.ts), and keys every value
 * that stands for a person (intake/person-key.ts). LEADS_CHALLENGE_SECRET when set (32
 * characters or more); otherwise one is made once and kept in the `leads` Blobs store
 * (settings/challenge-secret), so every instance shares it, and reading it never wakes the
 * database.
 */
import { randomBytes } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { challengeSecretSetting, storeTimeoutMs } from './settings.ts';

const SECRET_KEY = 'settings/challenge-secret';
const MIN_SECRET_LENGTH = 32;
let storedSecret: Promise<string> | undefined;

const SECRET_STORE = 'leads';

const secretFromStore = async (): Promise<string> => {
  const store = getStore({
    name: SECRET_STORE,
    consistency: 'strong',
    fetch: (input, init) => globalThis.fetch(input, { ...init, signal: AbortSignal.timeout(storeTimeoutMs()) }),
  });
  const made = randomBytes(32).toString('hex');
  await store.setJSON(SECRET_KEY, { secret: made }, { onlyIfNew: true });
  const kept = (await store.get(SECRET_KEY, { type: 'json' })) as { secret?: string } | null;
  if (!kept?.secret) throw new Error('the challenge secret could not be read back');
  return kept.secret;
};

/** The server's secret: the setting, else the one kept in the store (read once per instance). */
export const challengeSecret = async (): Promise<string> => {
  const configured = challengeSecretSetting();
  if (configured.length >= MIN_SECRET_LENGTH) return configured;
  storedSecret ??= secretFromStore().catch((error) => {
    storedSecret = undefined;
    throw error;
  });
  return storedSecret;
};
