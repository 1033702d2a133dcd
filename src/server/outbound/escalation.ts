/**
 * The first-contact clock's e-mail to the owner (jobs/first-contact.ts): a lead still not
 * contacted at twice its target. An outbound channel of the one retry machine (deliveries.ts),
 * sent through the team's EmailJS service and template, with `kind` "escalation" and, for a
 * template whose "To" is {{to_email}}, the owner's address (DIGEST_TO). Previews send none.
 */
import { isPreviewDeploy } from '../deploy-context.ts';
import { emailJsSettings } from '../settings.ts';
import { callBackText } from '../../lib/enquiry/call-back.ts';
import type { LeadRecord } from '../../lib/enquiry/lead-record.ts';
import { kindNames, leadLink } from '../../lib/team-api/vocabulary.ts';
import { site } from '../../config/site.ts';
import { postToEmailJs } from './emailjs.ts';
import type { OutboundChannel } from './schedule.ts';

/** The e-mail's words: which lead, whose, since when, and where to open it. No visitor's details beyond the call-back time. */
export const escalationText = (lead: LeadRecord): string =>
  [
    `Not contacted yet: ${kindNames(lead.kind).lead} ${lead.id}`,
    `Assigned to ${lead.assignee?.name ?? 'nobody'}${lead.assignedAt ? ` at ${lead.assignedAt}` : ''}; first contact was due ${lead.firstContactDueAt ?? '(no time)'}.`,
    `Call: ${callBackText(lead)}`,
    `Open it: ${new URL(leadLink(lead.id), site.url).toString()}`,
  ].join('\n');

export const escalation: OutboundChannel = {
  on: () => !isPreviewDeploy() && emailJsSettings() !== null,
  async send(lead) {
    const settings = emailJsSettings();
    if (!settings || isPreviewDeploy()) return { sent: false, error: 'EmailJS is not configured', skipped: true };
    const to = (process.env.DIGEST_TO ?? '').trim();
    return postToEmailJs(settings, {
      kind: 'escalation',
      id: lead.id,
      assignee: lead.assignee?.name ?? '',
      callBack: callBackText(lead),
      summary: escalationText(lead),
      ...(to ? { to_email: to } : {}),
    });
  },
  log: { sent: 'escalated', prefix: 'escalation', retry: 're-send' },
};
