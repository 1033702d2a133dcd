/**
 * The site navigation, built from the content collections so that a new loan or plan page
 * appears in the menu without touching a component.
 */
import { getCollection } from 'astro:content';
import { divisionHref, STATIC_ROUTES } from './routes.ts';

export interface NavLink {
  label: string;
  href: string;
  /** Words read before the label by screen readers only, e.g. "Buy" before "Flats". */
  context?: string;
}
export interface NavGroup {
  label: string;
  /** Sub-groups (e.g. Buy and Sell) or a flat list. */
  sections: { heading?: NavLink; links: NavLink[] }[];
}
export type NavItem = NavLink | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => 'sections' in item;

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

export async function getNavigation(): Promise<NavItem[]> {
  const [divisions, properties, loans, plans] = await Promise.all([
    getCollection('divisions'),
    getCollection('properties'),
    getCollection('loans'),
    getCollection('plans'),
  ]);
  const propertyLinks = (intent: 'buy' | 'sell') =>
    properties
      .filter((p) => p.data.intent === intent)
      .sort(byOrder)
      .map((p) => ({ label: p.data.cardTitle, href: `/${p.data.route}`, context: intent === 'buy' ? 'Buy' : 'Sell' }));

  return [
    {
      label: 'Divisions',
      sections: [
        { links: divisions.sort(byOrder).map((d) => ({ label: d.data.cardTitle, href: divisionHref(d.data.key) })) },
      ],
    },
    {
      label: 'Real Estate',
      sections: [
        { heading: { label: 'Buy property', href: STATIC_ROUTES.buy }, links: propertyLinks('buy') },
        { heading: { label: 'Sell property', href: STATIC_ROUTES.sell }, links: propertyLinks('sell') },
      ],
    },
    {
      label: 'Loans',
      sections: [{ links: loans.sort(byOrder).map((l) => ({ label: l.data.title, href: `/${l.data.route}` })) }],
    },
    {
      label: 'Financial Planning',
      sections: [{ links: plans.sort(byOrder).map((p) => ({ label: p.data.subheading, href: `/${p.data.route}` })) }],
    },
    { label: 'About', href: STATIC_ROUTES.about },
    { label: 'Contact', href: STATIC_ROUTES.contact },
  ];
}

/** The routes whose page has an enquiry form (#enquiry): the header's Enquire button jumps to it there. */
export async function formRoutes(): Promise<Set<string>> {
  const [properties, loans, plans] = await Promise.all([getCollection('properties'), getCollection('loans'), getCollection('plans')]);
  return new Set([...properties, ...loans, ...plans].map((entry) => `/${entry.data.route}`).concat(STATIC_ROUTES.contact));
}

/**
 * Where each family of enquiries starts: the Buy and Sell landings, the first loan page and the
 * general "Financial Plan" page (each form also lets the visitor pick another loan or plan).
 */
export async function enquiryFamilies(): Promise<NavLink[]> {
  const [loans, plans] = await Promise.all([getCollection('loans'), getCollection('plans')]);
  const generalPlan = plans.find((p) => p.data.planning === 'Financial Plan');
  const first = <T extends { data: { order: number; route: string } }>(entries: T[]) => `/${entries.sort(byOrder)[0].data.route}`;
  return [
    { label: 'Buy property', href: STATIC_ROUTES.buy },
    { label: 'Sell property', href: STATIC_ROUTES.sell },
    { label: 'Bank loans', href: first(loans) },
    { label: 'Financial planning', href: generalPlan ? `/${generalPlan.data.route}` : first(plans) },
    { label: 'Anything else', href: STATIC_ROUTES.contact },
  ];
}
