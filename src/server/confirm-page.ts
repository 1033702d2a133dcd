/**
 * "Confirm your enquiry": what a post without JavaScript gets instead of being stored at once.
 * One button re-posts exactly the fields sent, with a confirmation token bound to them
 * (challenge.ts); only then is the lead stored and the team e-mailed. A person clicks once; a
 * script that fires form posts gets a page it has to read and act on, and nothing is sent.
 */
import { site } from '../config/site.ts';
import { CONFIRM_FIELD } from './challenge.ts';
import { enquiryEndpoint, type EnquiryKind } from '../lib/enquiry/kinds.ts';
import { escapeHtml, htmlPageResponse, renderPageShell } from './problem-page.ts';

export const renderConfirmPage = (kind: EnquiryKind, fields: Record<string, string>, token: string): string => {
  const hidden = Object.entries({ ...fields, [CONFIRM_FIELD]: token })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const name = fields.Username ? `, ${escapeHtml(fields.Username)}` : '';
  return renderPageShell(
    'Confirm your enquiry',
    `<p>Thank you${name}. One more step: please confirm that you want ${escapeHtml(site.name)} to call you back about this enquiry. Nothing has been sent yet.</p>
<form method="post" action="${escapeHtml(enquiryEndpoint(kind))}">
${hidden}
<p><button class="button" type="submit">Confirm and send my enquiry</button></p>
</form>
<p>This page is good for an hour. If it has expired, send the form again.</p>`,
  );
};

export const confirmPageResponse = (kind: EnquiryKind, fields: Record<string, string>, token: string): Response =>
  htmlPageResponse(200, renderConfirmPage(kind, fields, token), {}, { formPost: true });
