/**
 * How Insights writes its figures (what GET /api/leads/insights answers is the contract's
 * `Insights`, src/lib/team-api/wire.ts; the kinds' names and durations are in its vocabulary.ts).
 */
import { LOCALES, LANGUAGE_NAMES_EN } from '../../../i18n/locales.ts';

/** The languages in the site's order, named in English: [code, name]. */
export const LANGUAGES = LOCALES.map((locale) => [locale, LANGUAGE_NAMES_EN[locale]] as const);

export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);
/** "8 Jun" from a YYYY-MM-DD. */
export const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
