/**
 * The site navigation, built from the content collections so that a new loan or plan page
 * appears in the menu without touching a component.
 */
import { localized as getCollection } from './content.ts';
import { hrefOf } from './links.ts';

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
      .map((p) => ({ label: p.data.cardTitle, href: hrefOf(p), context: intent === 'buy' ? 'Buy' : 'Sell' }));

  return [
    {
      label: 'Divisions',
      sections: [{ links: divisions.sort(byOrder).map((d) => ({ label: d.data.cardTitle, href: hrefOf(d) })) }],
    },
    {
      label: 'Real Estate',
      sections: [
        { heading: { label: 'Buy property', href: hrefOf({ collection: 'pages', id: 'buy' }) }, links: propertyLinks('buy') },
        { heading: { label: 'Sell property', href: hrefOf({ collection: 'pages', id: 'sell' }) }, links: propertyLinks('sell') },
      ],
    },
    {
      label: 'Loans',
      sections: [{ links: loans.sort(byOrder).map((l) => ({ label: l.data.title, href: hrefOf(l) })) }],
    },
    {
      label: 'Financial Planning',
      sections: [{ links: plans.sort(byOrder).map((p) => ({ label: p.data.subheading, href: hrefOf(p) })) }],
    },
    { label: 'About', href: hrefOf({ collection: 'pages', id: 'about' }) },
    { label: 'Contact', href: hrefOf({ collection: 'pages', id: 'contact' }) },
  ];
}

/** The routes whose page has an enquiry form (#enquiry): the header's Enquire button jumps to it there. */
export async function formRoutes(): Promise<Set<string>> {
  const [properties, loans, plans] = await Promise.all([getCollection('properties'), getCollection('loans'), getCollection('plans')]);
  return new Set([...properties, ...loans, ...plans].map((entry) => hrefOf(entry)).concat(hrefOf({ collection: 'pages', id: 'contact' })));
}

/**
 * Where each family of enquiries starts: the Buy and Sell landings, the first loan page and the
 * general "Financial Plan" page (each form also lets the visitor pick another loan or plan).
 */
export async function enquiryFamilies(): Promise<NavLink[]> {
  const [loans, plans] = await Promise.all([getCollection('loans'), getCollection('plans')]);
  const generalPlan = plans.find((p) => p.data.planning === 'Financial Plan');
  const first = <T extends { collection: 'loans' | 'plans'; data: { order: number; route: string } }>(entries: T[]) =>
    hrefOf(entries.sort(byOrder)[0]);
  return [
    { label: 'Buy property', href: hrefOf({ collection: 'pages', id: 'buy' }) },
    { label: 'Sell property', href: hrefOf({ collection: 'pages', id: 'sell' }) },
    { label: 'Bank loans', href: first(loans) },
    { label: 'Financial planning', href: generalPlan ? hrefOf(generalPlan) : first(plans) },
    { label: 'Anything else', href: hrefOf({ collection: 'pages', id: 'contact' }) },
  ];
}
