/**
 * The site navigation of the header, its menu and the footer, built at build time from the content
 * collections so that a new loan or plan page appears in the menu without touching a component.
 * Every address comes from src/lib/routing (hrefOf).
 */
import { localized as getCollection } from '../../lib/content.ts';
import { hrefOf } from '../../lib/routing/index.ts';
import { around, dictionary } from '../../i18n/index.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';

export interface NavLink {
  label: string;
  href: string;
  /** Words screen readers only hear around the label, in the language's order: "Buy " before "Flats", " வாங்க" after "ஃப்ளாட்கள்". */
  hidden?: { before: string; after: string };
}
export interface NavGroup {
  label: string;
  /** Sub-groups (e.g. Buy and Sell) or a flat list. */
  sections: { heading?: NavLink; links: NavLink[] }[];
}
export type NavItem = NavLink | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => 'sections' in item;

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

export async function getNavigation(locale: Locale = DEFAULT_LOCALE): Promise<NavItem[]> {
  const t = dictionary(locale).site.nav;
  const [divisions, properties, loans, plans] = await Promise.all([
    getCollection('divisions', locale),
    getCollection('properties', locale),
    getCollection('loans', locale),
    getCollection('plans', locale),
  ]);
  const propertyLinks = (intent: 'buy' | 'sell') =>
    properties
      .filter((p) => p.data.intent === intent)
      .sort(byOrder)
      .map((p) => ({
        label: p.data.cardTitle,
        href: hrefOf(p, locale),
        hidden: around(intent === 'buy' ? t.buyLink : t.sellLink, 'label'),
      }));

  return [
    {
      label: t.divisions,
      sections: [{ links: divisions.sort(byOrder).map((d) => ({ label: d.data.cardTitle, href: hrefOf(d, locale) })) }],
    },
    {
      label: t.realEstate,
      sections: [
        { heading: { label: t.buyProperty, href: hrefOf({ collection: 'pages', id: 'buy' }, locale) }, links: propertyLinks('buy') },
        { heading: { label: t.sellProperty, href: hrefOf({ collection: 'pages', id: 'sell' }, locale) }, links: propertyLinks('sell') },
      ],
    },
    {
      label: t.loans,
      sections: [{ links: loans.sort(byOrder).map((l) => ({ label: l.data.title, href: hrefOf(l, locale) })) }],
    },
    {
      label: t.financialPlanning,
      sections: [{ links: plans.sort(byOrder).map((p) => ({ label: p.data.subheading, href: hrefOf(p, locale) })) }],
    },
    { label: t.about, href: hrefOf({ collection: 'pages', id: 'about' }, locale) },
    { label: t.contact, href: hrefOf({ collection: 'pages', id: 'contact' }, locale) },
  ];
}

/** The routes whose page has an enquiry form (#enquiry): the header's Enquire button jumps to it there. */
export async function formRoutes(locale: Locale = DEFAULT_LOCALE): Promise<Set<string>> {
  const [properties, loans, plans] = await Promise.all([getCollection('properties'), getCollection('loans'), getCollection('plans')]);
  return new Set(
    [...properties, ...loans, ...plans]
      .map((entry) => hrefOf(entry, locale))
      .concat(hrefOf({ collection: 'pages', id: 'contact' }, locale)),
  );
}

/**
 * Where each family of enquiries starts: the Buy and Sell landings, the first loan page and the
 * general "Financial Plan" page (each form also lets the visitor pick another loan or plan).
 */
export async function enquiryFamilies(locale: Locale = DEFAULT_LOCALE): Promise<NavLink[]> {
  const t = dictionary(locale).site.families;
  const [loans, plans] = await Promise.all([getCollection('loans'), getCollection('plans')]);
  const generalPlan = plans.find((p) => p.data.planning === 'Financial Plan');
  const first = <T extends { collection: 'loans' | 'plans'; data: { order: number; route: string } }>(entries: T[]) =>
    hrefOf(entries.sort(byOrder)[0], locale);
  return [
    { label: t.buy, href: hrefOf({ collection: 'pages', id: 'buy' }, locale) },
    { label: t.sell, href: hrefOf({ collection: 'pages', id: 'sell' }, locale) },
    { label: t.loans, href: first(loans) },
    { label: t.planning, href: generalPlan ? hrefOf(generalPlan, locale) : first(plans) },
    { label: t.other, href: hrefOf({ collection: 'pages', id: 'contact' }, locale) },
  ];
}
