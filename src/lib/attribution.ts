/**
 * Where a visit came from: the first page of the visit, document.referrer, the utm_* tags and
 * Google's gclid. Recorded once per tab session in sessionStorage (not personal data) and sent
 * with every enquiry as optional fields. Browser-safe and dependency-free: the inline script of
 * BaseLayout bundles it on every page, and the enquiry schemas take the limits from here.
 */

/** Wire name of each field and the most characters kept; longer values are cut, never refused. */
export const ATTRIBUTION_LIMITS = {
  landingPath: 200,
  referrer: 500,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 150,
  utm_term: 150,
  utm_content: 150,
  gclid: 200,
} as const;

export type AttributionField = keyof typeof ATTRIBUTION_LIMITS;
export type Attribution = Partial<Record<AttributionField, string>>;
export const ATTRIBUTION_FIELDS = Object.keys(ATTRIBUTION_LIMITS) as AttributionField[];

export const ATTRIBUTION_STORAGE_KEY = 'aranya:attribution';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** A value as kept: text only, control characters removed, trimmed and cut to the field's limit. */
export const cleanAttribution = (field: AttributionField, value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, ATTRIBUTION_LIMITS[field])
    .trim();
  return text === '' ? undefined : text;
};

const cleanAll = (values: Record<string, unknown>): Attribution => {
  const clean: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const value = cleanAttribution(field, values[field]);
    if (value !== undefined) clean[field] = value;
  }
  return clean;
};

/**
 * Records the visit's origin on its first page only: once something is recorded in this tab's
 * session, later pages leave it alone. Never throws (storage may be blocked or full).
 */
export const recordAttribution = (
  location: Pick<Location, 'pathname' | 'search'>,
  referrer: string,
  storage: StorageLike | null | undefined,
): void => {
  try {
    if (!storage || storage.getItem(ATTRIBUTION_STORAGE_KEY) !== null) return;
    const params = new URLSearchParams(location.search);
    const values: Record<string, unknown> = { landingPath: location.pathname, referrer };
    for (const field of ATTRIBUTION_FIELDS) if (params.has(field)) values[field] = params.get(field);
    storage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(cleanAll(values)));
  } catch {
    // No storage, no attribution: the enquiry goes without it.
  }
};

/** The recorded fields, ready to merge into an enquiry; {} when nothing (usable) is recorded. */
export const readAttribution = (storage: Pick<Storage, 'getItem'> | null | undefined): Attribution => {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(ATTRIBUTION_STORAGE_KEY) ?? 'null');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? cleanAll(stored as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
