/**
 * Web Push under `npm start` and the lead scripts, when WEB_PUSH_PUBLIC_KEY and
 * WEB_PUSH_PRIVATE_KEY are unset: VAPID keys of this machine's own, made once and kept in
 * .netlify/web-push-keys.json (so the devices subscribed with them keep working after a restart),
 * and the push service stand-in (harness/push-service.ts) on PUSH_STANDIN_PORT (default 8897),
 * writing what it gets to outbox/push/.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';

const root = path.resolve(import.meta.dirname, '..');
export const LOCAL_PUSH_KEYS_FILE = path.join(root, '.netlify', 'web-push-keys.json');

/** Where the stand-in listens under `npm start`. */
export const pushStandInPort = () => Number(process.env.PUSH_STANDIN_PORT || 8897);
export const pushStandInOrigin = () => `http://127.0.0.1:${pushStandInPort()}`;

/** The machine's own VAPID keys in the environment, unless keys are set there already; true when they were put there. */
export const useLocalWebPushKeys = async (): Promise<boolean> => {
  if (process.env.WEB_PUSH_PUBLIC_KEY || process.env.WEB_PUSH_PRIVATE_KEY) return false;
  let keys: { publicKey: string; privateKey: string };
  if (existsSync(LOCAL_PUSH_KEYS_FILE)) keys = JSON.parse(await readFile(LOCAL_PUSH_KEYS_FILE, 'utf8')) as typeof keys;
  else {
    keys = webPush.generateVAPIDKeys();
    await mkdir(path.dirname(LOCAL_PUSH_KEYS_FILE), { recursive: true });
    await writeFile(LOCAL_PUSH_KEYS_FILE, JSON.stringify(keys, null, 2));
  }
  Object.assign(process.env, {
    WEB_PUSH_PUBLIC_KEY: keys.publicKey,
    WEB_PUSH_PRIVATE_KEY: keys.privateKey,
    WEB_PUSH_SUBJECT: process.env.WEB_PUSH_SUBJECT || 'mailto:team@localhost.invalid',
  });
  return true;
};

/** `npm start`: local keys and the stand-in, when no keys are set; null when they are. */
export const startLocalPush = async () => {
  if (!(await useLocalWebPushKeys())) return null;
  const { startPushService } = await import('./push-service.ts');
  return startPushService({ port: pushStandInPort(), outboxDir: path.join(root, 'outbox') });
};
