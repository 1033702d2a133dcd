/**
 * The acknowledgement e-mail switched on for a function test file: before each test, EmailJS
 * pointed at the stand-in with `template` as EMAILJS_ACK_TEMPLATE_ID; after it, switched off
 * again. Gives what the stand-in got, split into acknowledgements and the team's e-mails.
 */
import { afterEach, beforeEach } from 'vitest';
import { EMAILJS_ENV, type EmailJsStandIn, type ReceivedEmail } from '../../harness/emailjs-standin.ts';

export const useAcknowledgements = (template: string, standIn: () => EmailJsStandIn) => {
  beforeEach(() => {
    Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn().origin, EMAILJS_ACK_TEMPLATE_ID: template });
  });
  afterEach(() => {
    delete process.env.EMAILJS_ACK_TEMPLATE_ID;
  });
  const sent = (templateId: string): ReceivedEmail[] => standIn().received.filter((email) => email.template_id === templateId);
  return { acks: () => sent(template), teamEmails: () => sent(EMAILJS_ENV.EMAILJS_TEMPLATE_ID) };
};
