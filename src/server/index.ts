/** The server side of enquiries and leads. Function files import their handler from here. */
export { enquiryHandler } from './intake/handler.ts';
export { consentLinkHandler } from './intake/withdrawal.ts';
export { whatsappWebhookHandler } from './intake/whatsapp-webhook.ts';
export { teamApiHandler } from './team/leads-api.ts';
export { clockHandler, digestHandler, retentionHandler, sweepHandler } from './jobs/handlers.ts';
export { logSettingsProblems } from './settings-check.ts';
