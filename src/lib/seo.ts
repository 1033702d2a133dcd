/**
 * Structured data (JSON-LD, schema.org) built from the identity in src/config/site.ts:
 * a WebPage with its language (`inLanguage`) on every page, Organization and LocalBusiness for
 * home and contact, BreadcrumbList for the division and enquiry pages.
 */
import { activeSocials, site } from '../config/site.ts';
import { absoluteUrl } from './routing/index.ts';

type JsonLd = Record<string, unknown>;

const postalAddress = () => ({
  '@type': 'PostalAddress',
  streetAddress: site.address.street,
  addressLocality: site.address.town,
  addressRegion: site.address.state,
  postalCode: site.address.postcode,
  addressCountry: 'IN',
});

/** The group as an Organization and its office as a LocalBusiness. */
export const organizationLd = (base: string | URL, logoUrl: string): JsonLd[] => {
  const home = absoluteUrl('/', base);
  const sameAs = activeSocials.map((s) => s.url);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: site.name,
      url: home,
      logo: logoUrl,
      email: site.emails.info,
      telephone: site.phone,
      address: postalAddress(),
      sameAs,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': `${home}#office`,
      name: site.name,
      url: home,
      image: logoUrl,
      email: site.emails.info,
      telephone: site.phone,
      address: postalAddress(),
      areaServed: ['Tamil Nadu', 'Andhra Pradesh', 'Karnataka', 'Telangana'],
      parentOrganization: { '@id': `${home}#organization` },
      sameAs,
    },
  ];
};

export interface Crumb {
  name: string;
  /** Site-relative address (from hrefOf). */
  href: string;
}

/** The page itself: its address, title and language (`en-IN`, `ta-IN`...). */
export const webPageLd = (page: { url: string; name: string; description: string; inLanguage: string }): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'WebPage',
  '@id': page.url,
  ...page,
});

/** A BreadcrumbList from the home page (of the page's language) down to the current page (the last crumb). */
export const breadcrumbLd = (crumbs: Crumb[], base: string | URL, home: Crumb = { name: 'Home', href: '/' }): JsonLd => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: [home, ...crumbs].map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.name,
    item: absoluteUrl(crumb.href, base),
  })),
});

/** JSON for a <script type="application/ld+json">: `<` escaped so text cannot close the element. */
export const jsonLdText = (data: JsonLd | JsonLd[]): string => JSON.stringify(data).replace(/</g, '\\u003c');
