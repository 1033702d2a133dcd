/**
 * What a form needs of the consent notice, without the notices' texts (src/lib/consent.ts reads
 * those from src/content/consent/, for the pages and the server): the published versions, oldest
 * first, the last being the one the forms show now and send as `consentNotice`; and the notice's
 * link markup. tests/unit/consent.test.ts keeps the versions the notices' own. A new version: its
 * name here, last, and its file's import in consent.ts.
 */
export const CONSENT_VERSIONS = ['2026-11-v1', '2026-11-v2', '2026-12-v1'] as const satisfies readonly [string, ...string[]];
export type ConsentVersion = (typeof CONSENT_VERSIONS)[number];

/** The version the forms show and send now. */
export const CURRENT_CONSENT_VERSION: ConsentVersion = CONSENT_VERSIONS[CONSENT_VERSIONS.length - 1];

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

export type ConsentPart = { text: string; href?: string };

/** The text cut into plain runs and links, for rendering as HTML or JSX. */
export const consentParts = (text: string): ConsentPart[] => {
  const parts: ConsentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[1], href: match[2] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
};

/** The text as read, without link markup (for e-mails and exports). */
export const consentPlainText = (text: string): string => text.replace(LINK, '$1');
