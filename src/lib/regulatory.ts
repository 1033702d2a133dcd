/**
 * What regulators ask the pages to say, and the pure rules for when they say it:
 * - mutual fund pages: the AMFI distributor line with the ARN, and SEBI's risk sentence, both in
 *   the regulator's own English words (a translation is shown beside them, never instead);
 * - property pages and the Realty division: the agent's RERA number, with a link to check it;
 * - loan pages: the partner lenders (the statement itself is in the dictionaries);
 * - the privacy page: the grievance officer, with the office's e-mail and phone where unset.
 * Registration numbers and names are never translated.
 */
import type { Identity } from '../config/site.ts';
import { REGULATOR_SENTENCES } from '../i18n/regulators.ts';

/** SEBI's mandatory risk sentence for mutual fund advertising, word for word (translated: src/i18n/regulators.ts). */
export const SEBI_MF_RISK = REGULATOR_SENTENCES.sebiRisk.en;
/** AMFI's name for a registered distributor, word for word. */
export const AMFI_DISTRIBUTOR = REGULATOR_SENTENCES.amfiDistributor.en;
/** Where anyone can check an agent's registration: the Tamil Nadu RERA site. */
export const RERA_VERIFY_URL = 'https://rera.tn.gov.in/';
/** The Data Protection Board of India, where a person can complain after our reply. */
export const DPB_URL = 'https://www.dpboard.gov.in/';

/** A registration number as shown, or undefined when it is not set. */
export const registrationOf = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** The partner lenders to list: trimmed, without blanks or repeats, in the editor's order. */
export const lenderList = (lenders: readonly string[] | undefined): string[] => [
  ...new Set((lenders ?? []).map((name) => name.trim()).filter(Boolean)),
];

export interface GrievanceContact {
  /** The officer's name, or undefined when none is set (the role is named instead). */
  name?: string;
  email: string;
  phone: string;
  responseDays: number;
}

/** The grievance contact to show: the officer's own details, else the office's e-mail and phone. */
export const grievanceContact = (identity: Pick<Identity, 'grievance' | 'phone' | 'emails'>): GrievanceContact => ({
  name: identity.grievance.name.trim() || undefined,
  email: identity.grievance.email.trim() || identity.emails.info,
  phone: identity.grievance.phone.trim() || identity.phone,
  responseDays: identity.grievance.responseDays,
});

/** The content folders whose pages must show a registration, and the division page that must too. */
export interface RegulatedRoutes {
  /** Routes of the mutual fund and planning pages (`Mutualfunds`), which show the ARN. */
  plans: readonly string[];
  /** Routes of the buy and sell pages and the Realty division (`Flats`, `Aranya_Realty`), which show the RERA number. */
  realty: readonly string[];
}

/**
 * The build's warnings: one line per registration that is not set, naming every built page that
 * cannot show it. `pathnames` are the built pages (`Mutualfunds`, `ta/Mutualfunds`).
 */
export function missingRegistrationLines(
  registrations: Pick<Identity['registrations'], 'amfiArn' | 'rera'>,
  routes: RegulatedRoutes,
  pathnames: readonly string[],
): string[] {
  const pagesOf = (names: readonly string[]) => {
    const wanted = new Set(names);
    return pathnames
      .map((p) => p.replace(/^\/+|\/+$/g, '').replace(/\.html$/, ''))
      .filter((p) => wanted.has(p.split('/').at(-1) ?? ''))
      .map((p) => `/${p}`)
      .sort();
  };
  const lines: string[] = [];
  const plans = pagesOf(routes.plans);
  if (!registrationOf(registrations.amfiArn) && plans.length > 0)
    lines.push(
      `AMFI ARN not set (/admin: Contact details > Registration numbers > AMFI ARN): ${plans.length} pages cannot show it: ${plans.join(', ')}`,
    );
  const realty = pagesOf(routes.realty);
  if (!registrationOf(registrations.rera) && realty.length > 0)
    lines.push(
      `RERA registration not set (/admin: Contact details > Registration numbers > RERA registration): ${realty.length} pages cannot show it: ${realty.join(', ')}`,
    );
  return lines;
}
