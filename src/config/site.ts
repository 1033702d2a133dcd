/**
 * Identity of the group: the one place that names the brand, the provider, the phone,
 * the e-mail addresses, the office and the social links. Every page reads it from here.
 * Changing `brand` renames the `/<brand>_Realty` and `/<brand>_Consulting` routes and every
 * heading that carries the brand at the next build.
 */
export interface SocialLink {
  /** Which icon to draw. */
  kind: 'youtube' | 'facebook' | 'instagram' | 'linkedin';
  label: string;
  /** An empty or missing URL means the link is not configured and is not rendered. */
  url?: string;
}

const brand = 'Aranya';
const phone = '+91 90000 00000';

export const site = {
  brand,
  provider: `${brand} Finserv`,
  /** Full name used in titles and the copyright line. */
  name: `${brand} Group`,
  tagline: 'Real estate, consulting, immigration, training and finance for South India',
  /** Public URL of the production site; Netlify's URL wins at build time when set. */
  url: globalThis.process?.env?.SITE_URL || globalThis.process?.env?.URL || 'https://aranya.example.com',
  phone,
  /** Digits only, as used by tel: links and the WhatsApp chat link. */
  phoneDigits: phone.replace(/\D/g, ''),
  emails: {
    info: 'info@example.com',
    immigration: 'immigration@example.com',
    careers: 'careers@example.com',
    marketing: 'marketing@example.com',
    realEstate: 'realestate@example.com',
    loans: 'loans@example.com',
    planning: 'planning@example.com',
  },
  /** Office hours, one line each, shown in the footer and on the contact page. */
  hours: ['Monday to Saturday, 9:30 am to 6:30 pm', 'Sunday and public holidays: closed'],
  /**
   * Registration numbers, shown in the footer only when set (an empty string hides the line).
   * RERA: the real-estate agent registration (Tamil Nadu RERA), which must appear on property
   * advertising. AMFI ARN: the mutual fund distributor's registration. GSTIN and CIN: tax and
   * company registration.
   */
  registrations: {
    rera: '',
    amfiArn: '',
    gstin: '',
    cin: '',
  },
  address: {
    street: '2nd Floor, Bagalur Road',
    town: 'Hosur',
    district: 'Krishnagiri District',
    state: 'Tamil Nadu',
    postcode: '635109',
  },
  socials: [
    { kind: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@aranya' },
    { kind: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/aranya' },
    { kind: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/aranya' },
    { kind: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/aranya' },
  ] satisfies SocialLink[] as SocialLink[],
} as const;

export const telHref = `tel:+${site.phoneDigits}`;
export const whatsappHref = `https://wa.me/${site.phoneDigits}`;
export const mailHref = (address: string) => `mailto:${address}`;
export const addressLine = `${site.address.town}, ${site.address.district}, ${site.address.state}`;
/** The social links that are configured; unset ones are never rendered. */
export const configuredSocials = (links: readonly SocialLink[]) =>
  links.filter((s): s is SocialLink & { url: string } => Boolean(s.url?.trim()));
export const activeSocials = configuredSocials(site.socials);

export type Registrations = { [K in keyof typeof site.registrations]: string };
const REGISTRATION_LABELS: Record<keyof Registrations, string> = {
  rera: 'RERA registration',
  amfiArn: 'AMFI ARN',
  gstin: 'GSTIN',
  cin: 'CIN',
};
/** The registration numbers that are set, with their labels, in a fixed order. */
export const registrationLines = (registrations: Registrations) =>
  (Object.keys(REGISTRATION_LABELS) as (keyof Registrations)[])
    .map((key) => ({ key, label: REGISTRATION_LABELS[key], value: registrations[key].trim() }))
    .filter((line) => line.value !== '');
