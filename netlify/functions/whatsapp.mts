import type { Config } from '@netlify/functions';
import { whatsappWebhookHandler } from '../../src/server/index.ts';

/** Meta's WhatsApp webhook: its verification, delivery statuses and the texts people send (src/server/intake/whatsapp-webhook.ts). */
export default whatsappWebhookHandler();

export const config: Config = { path: '/api/whatsapp' };
