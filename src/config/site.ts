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
  tagline: 'Property, finance, consulting, immigration and training',
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
/** Text with non-breaking spaces: the text of a tel link never wraps. */
export const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
/** The phone as link text. */
export const phoneText = nbsp(site.phone);
export const whatsappHref = `https://wa.me/${site.phoneDigits}`;
export const mailHref = (address: string) => `mailto:${address}`;
export const addressLine = `${site.address.town}, ${site.address.district}, ${site.address.state}`;
/** The social links that are configured; unset ones are never rendered. */
export const configuredSocials = (links: readonly SocialLink[]) =>
  links.filter((s): s is SocialLink & { url: string } => Boolean(s.url?.trim()));
export const activeSocials = configuredSocials(site.socials);
