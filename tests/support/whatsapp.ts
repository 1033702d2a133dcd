/**
 * WhatsApp for the function tests: the Cloud API stand-in (harness/whatsapp-standin.ts) and the
 * pipeline's WHATSAPP_* settings pointed at it, for the file's tests; off again after them.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { LOCAL_WHATSAPP, startWhatsAppStandIn, type WhatsAppStandIn } from '../../harness/whatsapp-standin.ts';
import { ackTemplateText } from '../../src/server/outbound/whatsapp.ts';
import { localeOrDefault } from '../../src/i18n/index.ts';

export const WHATSAPP_NAMES = [...Object.keys(LOCAL_WHATSAPP), 'WHATSAPP_API_URL'];

/** The stand-in and the settings for the file; before each test its records empty and answering 200. */
export const useWhatsApp = (ready: (standIn: WhatsAppStandIn) => void) => {
  let standIn: WhatsAppStandIn | undefined;
  beforeAll(async () => {
    standIn = await startWhatsAppStandIn({
      templateText: (name, language) => (name === 'enquiry_ack' ? ackTemplateText(localeOrDefault(language)) : undefined),
    });
    ready(standIn);
  });
  beforeEach(() => {
    Object.assign(process.env, LOCAL_WHATSAPP, { WHATSAPP_API_URL: standIn?.apiUrl });
    if (!standIn) return;
    standIn.received.length = 0;
    standIn.setBehaviour({});
  });
  afterAll(async () => {
    for (const name of WHATSAPP_NAMES) delete process.env[name];
    await standIn?.close();
  });
};
