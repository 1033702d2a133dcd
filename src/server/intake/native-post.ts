/**
 * The second way in: a native HTML form post (before the form's script has loaded, or without
 * JavaScript). Its fields are turned into the same raw enquiry object a JSON post gives, so the
 * same schema checks both.
 *
 * - A repeated name counts with its first value; later ones are ignored.
 * - The consent checkbox sends "on" when ticked (also accepted: "true"); unticked it is absent,
 *   and the schema refuses it with the consent message.
 * - A missing or empty submissionId is made here (a random UUID), and a missing or empty
 *   currentdate is today's date in the server's time zone, formatted like the forms do.
 * - A fill time the post claims (elapsedMs) is ignored: the server times the challenge it signed,
 *   or has the post confirmed (challenge.ts).
 */
import { formatCurrentDate } from '../../lib/enquiry/date.ts';

/** Values the consent checkbox sends when ticked. */
const CONSENT_GIVEN = new Set(['on', 'true']);

/** First value of each name; only text values (a stray file part in a text field counts as absent). */
export const firstTextValues = (entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value === 'string' && !Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
};

export const enquiryFromFormFields = (fields: Record<string, string>): Record<string, unknown> => {
  const raw: Record<string, unknown> = { ...fields };
  if (CONSENT_GIVEN.has(fields.consent ?? '')) raw.consent = true;
  if (!fields.submissionId) raw.submissionId = crypto.randomUUID();
  if (!fields.currentdate) raw.currentdate = formatCurrentDate();
  return raw;
};
