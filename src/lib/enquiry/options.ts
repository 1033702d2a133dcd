/**
 * Every option list of the enquiry forms, defined once. What a list shows is what is sent
 * (docs/decisions/004-values.md), so each list is the array of values; forms render them as-is and the
 * zod schemas use them as enums. Placeholders are never part of a list. The loan and planning
 * lists are in loan-options.ts and plan-options.ts, so that a page's form carries only its own.
 */

/** Listing choice on flats (GATED / OTHERS) and plots (VENTURES / OTHERS). */
export const FLAT_LISTINGS = ['GATED', 'OTHERS'] as const;
export const PLOT_LISTINGS = ['VENTURES', 'OTHERS'] as const;

export const INTENTS = ['buy', 'sell'] as const;
export const CATEGORIES = ['flats', 'plots', 'commercial', 'agricultural', 'individual'] as const;
/** `property` as sent: Buy or Sell, derived from the intent of the page. */
export const PROPERTIES = ['Buy', 'Sell'] as const;

export const BEDROOMS = ['Single Bed Room', 'Double Bed Room', 'Triple Bed Room', 'Four Bed Room'] as const;
/** Plot and commercial sizes, in square metres. */
export const AREA_BANDS = ['99 & below', '100 to 150', '151 to 200', '201 & above'] as const;
export const ACRE_BANDS = ['5 acr & below', '5 to 10 acr', '10 to 25 acr', '25 acr & above'] as const;

export const COST_BANDS = ['40 Lakhs Below', '40 to 50 Lakhs', '50 to 75 Lakhs', '75 Lakhs to 1Cr', '1Cr to 2Cr', '2Cr & Above'] as const;
export const AGRI_COST_BANDS = ['50 Lakhs Below', '50 to 75 Lakhs', '75 Lakhs to 1Cr', '1Cr to 2Cr', '2Cr & Above'] as const;
export const ALL_COST_BANDS = ['50 Lakhs Below', ...COST_BANDS] as const;

export const HORIZONS = ['Immediate', '3 to 6 months', '6 months to 1 year', '1 year & above'] as const;

export type Intent = (typeof INTENTS)[number];
export type Category = (typeof CATEGORIES)[number];

/**
 * When to call back (optional on every kind): the banks' code for loan agents keeps calls within
 * 9:30 to 19:00. The value says its hours, so the export and the team's e-mail read plainly.
 */
export const CALL_TIMES = ['Morning (9:30-12:00)', 'Afternoon (12:00-16:00)', 'Evening (16:00-19:00)'] as const;
/** The hours every call stays within, whatever time was chosen. */
export const CALL_HOURS = '9:30-19:00';
/** The language to call back in (optional on every kind); the form starts on its page's language. */
export const CALL_LANGUAGES = ['English', 'Tamil', 'Telugu', 'Kannada', 'Hindi'] as const;

/**
 * What a privacy request asks (src/lib/enquiry/privacy.ts): take consent back and erase what we
 * hold, correct it, or say what we hold. The values are what the team reads in the export.
 */
export const PRIVACY_REQUESTS = ['withdraw-and-erase', 'correct', 'access'] as const;

export type CallTime = (typeof CALL_TIMES)[number];
export type CallLanguage = (typeof CALL_LANGUAGES)[number];
export type PrivacyRequest = (typeof PRIVACY_REQUESTS)[number];
