/**
 * "Confirm your enquiry": what a post without JavaScript gets instead of being stored at once.
 * One button re-posts exactly the fields sent, with a confirmation token bound to them
 * (challenge.ts); only then is the lead stored and the team e-mailed. A person clicks once; a
 * script that fires form posts gets a page it has to read and act on, and nothing is sent.
 */
import { site } from '../../config/site.ts';
import { CONFIRM_FIELD } from './challenge.ts';
import { enquiryEndpoint, type EnquiryKind } from '../../lib/enquiry/kinds.ts';
import { escapeHtml, htmlPageResponse, renderPageShell } from './problem-page.ts';
import { DEFAULT_LOCALE, dictionary, format, type Locale } from '../../i18n/index.ts';

/**
 * In the language of the page the form was on (the dictionary's `problem.confirm`, or
 * `confirmPrivacy` for a privacy request). `again`: the visitor pressed the button sooner than a
 * person reads the page, so the page comes back with a fresh token and a line saying nothing was
 * sent yet (a person is asked again, never dropped as spam).
 */
export const renderConfirmPage = (
  kind: EnquiryKind,
  fields: Record<string, string>,
  token: string,
  locale: Locale = DEFAULT_LOCALE,
  again = false,
): string => {
  const problem = dictionary(locale).problem;
  const words = kind === 'privacy' ? problem.confirmPrivacy : problem.confirm;
  const hidden = Object.entries({ ...fields, [CONFIRM_FIELD]: token })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  // The visitor's own name, placed by the language (Telugu "… గారూ", Kannada "… ಅವರೇ").
  const thanks = fields.Username
    ? format(escapeHtml(problem.confirm.thanks), { name: escapeHtml(fields.Username) })
    : escapeHtml(problem.confirm.thanksNoName);
  return renderPageShell(
    words.title,
    `${again ? `<p class="again" role="status">${escapeHtml(problem.confirm.again)}</p>\n` : ''}<p>${thanks} ${format(escapeHtml(words.intro), { brand: escapeHtml(site.name) })}</p>
<form method="post" action="${escapeHtml(enquiryEndpoint(kind))}">
${hidden}
<p><button class="button" type="submit">${escapeHtml(words.button)}</button></p>
</form>
<p>${escapeHtml(problem.confirm.expiry)}</p>`,
    locale,
  );
};

export const confirmPageResponse = (
  kind: EnquiryKind,
  fields: Record<string, string>,
  token: string,
  locale: Locale = DEFAULT_LOCALE,
  again = false,
): Response => htmlPageResponse(200, renderConfirmPage(kind, fields, token, locale, again), {}, { formPost: true });
