/**
 * The visitor's WhatsApp acknowledgement on the lead: where it stands (being sent, sent,
 * delivered, read, failed, or not sent and why), the language its template went in, and when;
 * when it failed or was not sent and the visitor gave an e-mail address, whether the e-mail
 * acknowledgement went instead. Meta's statuses come through /api/whatsapp and never move back.
 */
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import type { WhatsAppAck as Ack } from '../../lib/team-api/wire.ts';
import type { WhatsAppAckState } from '../../lib/team-api/vocabulary.ts';
import { LANGUAGE_NAMES_EN } from '../../i18n/locales.ts';
import { when } from './words.ts';

/** Each state as the team reads it. */
export const WHATSAPP_ACK_NAMES: Record<WhatsAppAckState, string> = {
  sending: 'Being sent',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  'not-sent': 'Not sent',
};

/** Why it was not sent, or failed, in plain words. */
const whyText = (ack: Ack): string => {
  switch (ack.why) {
    case null:
      return '';
    case 'whatsapp-daily-limit':
      return 'One already went to this number today.';
    case 'whatsapp-site-cap':
      return 'Today’s limit for the whole site was reached.';
    case 'consent-withdrawn':
      return 'They had stopped WhatsApp messages.';
    case 'undelivered':
      return 'WhatsApp could not deliver it.';
    default:
      return ack.state === 'failed' ? 'WhatsApp refused it.' : ack.state === 'sending' ? 'Trying again soon.' : '';
  }
};

export function WhatsAppAck({ ack, lead }: { ack: Ack; lead: LeadRecord }) {
  const missed = ack.state === 'failed' || ack.state === 'not-sent';
  const emailed = missed && typeof lead.ackedAt === 'string';
  const why = whyText(ack);
  return (
    <p className="inbox-whatsapp" data-state={ack.state}>
      <strong>WhatsApp acknowledgement</strong> (in {LANGUAGE_NAMES_EN[ack.language]}):{' '}
      <span className="inbox-whatsapp__state">{WHATSAPP_ACK_NAMES[ack.state]}</span>
      {ack.at && <> · {when(ack.at)}</>}
      {why && <> {why}</>}
      {emailed && <> The e-mail acknowledgement went instead.</>}
    </p>
  );
}
