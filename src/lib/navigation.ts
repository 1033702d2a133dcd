/**
 * The site navigation, built from the content collections so that a new loan or plan page
 * appears in the menu without touching a component.
 */
import { getCollection } from 'astro:content';
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
      sections: [
        { links: divisions.sort(byOrder).map((d) => ({ label: d.data.cardTitle, href: hrefOf(d) })) },
      ],
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
