/**
 * Where a visit came from: the first page of the visit, document.referrer, the utm_* tags and
 * Google's gclid. Recorded once per tab session in sessionStorage (not personal data) and sent
 * with every enquiry as optional fields. Browser-safe and dependency-free: every page records with
 * the inline script below (BaseLayout), the form reads with readAttribution, and the enquiry
 * schemas take the limits from here.
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

/** The tags read from the first page's address: the utm_* tags and gclid. */
const ADDRESS_TAGS = ATTRIBUTION_FIELDS.filter((field) => field !== 'landingPath' && field !== 'referrer');

/**
 * The inline script every page runs (BaseLayout; integrations/csp-inline.ts puts its hash in the
 * CSP). It records the visit's origin on its first page only: once something is recorded in this
 * tab's session, later pages leave it alone. It keeps the values as found, leaving out empty ones;
 * readAttribution cleans them when the form reads them. It never throws (storage may be blocked or
 * full). Inline, so that no page fetches a script for it: a fetched one lay on the way to the
 * largest paint of pages whose largest text comes late in the page (docs/performance.md).
 */
export const recordAttributionScript = `(()=>{try{const s=sessionStorage,k=${JSON.stringify(ATTRIBUTION_STORAGE_KEY)};if(s.getItem(k)!==null)return;const q=new URLSearchParams(location.search),v={landingPath:location.pathname,referrer:document.referrer};for(const f of ${JSON.stringify(ADDRESS_TAGS)})if(q.has(f))v[f]=q.get(f);for(const f in v)if(!v[f])delete v[f];s.setItem(k,JSON.stringify(v))}catch{}})()`;

/** The recorded fields, ready to merge into an enquiry; {} when nothing (usable) is recorded. */
export const readAttribution = (storage: Pick<Storage, 'getItem'> | null | undefined): Attribution => {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(ATTRIBUTION_STORAGE_KEY) ?? 'null');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? cleanAll(stored as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
