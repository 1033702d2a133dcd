/**
 * WhatsApp under `npm start`, when WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are unset:
 * the Cloud API stand-in (harness/whatsapp-standin.ts) on WHATSAPP_STANDIN_PORT (default 8896),
 * writing each message it takes to outbox/whatsapp/, and the pipeline pointed at it with local
 * secrets (LOCAL_WHATSAPP), so the site's /api/whatsapp takes what the stand-in signs.
 */
import path from 'node:path';
import { LOCAL_WHATSAPP, startWhatsAppStandIn } from './whatsapp-standin.ts';
import { ackTemplateText } from '../src/server/outbound/whatsapp.ts';
import { settings } from '../src/server/settings.ts';
import { localeOrDefault } from '../src/i18n/index.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Where the stand-in listens under `npm start`. */
export const whatsappStandInPort = () => Number(process.env.WHATSAPP_STANDIN_PORT || 8896);

/** `npm start`: the stand-in and the settings that point at it, unless WhatsApp is set up; null when it is. */
export const startLocalWhatsApp = async (sitePort: number) => {
  if (process.env.WHATSAPP_PHONE_NUMBER_ID || process.env.WHATSAPP_ACCESS_TOKEN) return null;
  const standIn = await startWhatsAppStandIn({
    port: whatsappStandInPort(),
    outboxDir: path.join(root, 'outbox'),
    webhookUrl: `http://127.0.0.1:${sitePort}/api/whatsapp`,
    appSecret: process.env.WHATSAPP_APP_SECRET || LOCAL_WHATSAPP.WHATSAPP_APP_SECRET,
    templateText: (name, language) => (name === settings().WHATSAPP_ACK_TEMPLATE ? ackTemplateText(localeOrDefault(language)) : undefined),
  });
  Object.assign(process.env, {
    ...LOCAL_WHATSAPP,
    WHATSAPP_APP_SECRET: process.env.WHATSAPP_APP_SECRET || LOCAL_WHATSAPP.WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: process.env.WHATSAPP_VERIFY_TOKEN || LOCAL_WHATSAPP.WHATSAPP_VERIFY_TOKEN,
    WHATSAPP_API_URL: standIn.apiUrl,
  });
  return standIn;
};
