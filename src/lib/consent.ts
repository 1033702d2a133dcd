/**
 * The consent notice shown next to every form's consent box (DPDP Act 2023), versioned.
 * Read by Astro pages and the functions; the forms read only consent-form.ts (the versions, no texts).
 *
 * One JSON file per version in src/content/consent/en/ (translations beside it in ta/, te/, kn/), listed below oldest first; the last one is
 * current. A published notice is never edited: a new text needs a new version, and the build
 * checks that against src/content/consent.lock.json (integrations/consent-lock.ts).
 */
import v2026_11_v1 from '../content/consent/en/2026-11-v1.json' with { type: 'json' };
import v2026_11_v2 from '../content/consent/en/2026-11-v2.json' with { type: 'json' };
import v2026_12_v1 from '../content/consent/en/2026-12-v1.json' with { type: 'json' };
import { CONSENT_VERSIONS } from './consent-form.ts';

export { CONSENT_VERSIONS };
export { consentParts, consentPlainText, type ConsentPart } from './consent-form.ts';

export interface ConsentNotice {
  /** e.g. "2026-11-v1": year, month, then a counter. */
  version: string;
  /** One sentence; `[label](/path)` marks a link. */
  text: string;
}

/**
 * Every published notice, oldest first. A new version: its file's import above, and its name here,
 * last (and in consent-form.ts, which the forms read without the texts).
 */
export const CONSENT_NOTICES: readonly ConsentNotice[] = [v2026_11_v1, v2026_11_v2, v2026_12_v1];

/** The notice the forms show now, and the version they send as `consentNotice`. */
export const CONSENT_NOTICE: ConsentNotice = CONSENT_NOTICES[CONSENT_NOTICES.length - 1];

/**
 * The first notice whose form also offers the two purposes besides the enquiry (the group's other
 * divisions, WhatsApp updates). A post that names an older notice came from a form that never
 * asked about them, so they are neither granted nor refused.
 */
export const PURPOSES_SINCE = '2026-12-v1';
export const noticeOffersPurposes = (version: string): boolean =>
  (CONSENT_VERSIONS as readonly string[]).indexOf(version) >= CONSENT_VERSIONS.indexOf(PURPOSES_SINCE);

/** The text of any published version, or null for a version that never existed. */
export const consentNoticeText = (version: string): string | null =>
  CONSENT_NOTICES.find((notice) => notice.version === version)?.text ?? null;
