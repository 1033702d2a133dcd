/**
 * The words regulators require, in every language, read from the built pages, with
 * src/content/identity.json as it is committed: registrations, partner lenders and grievance
 * officer empty. (With them set, the blocks are proven by tests/unit/regulatory-render.test.ts;
 * axe runs over these pages in tests/e2e/templates.spec.ts.)
 * - mutual fund and planning pages: SEBI's sentence word for word (marked lang="en" beside its
 *   translation on ta/te/kn pages), no AMFI line while the ARN is empty, no customer reviews;
 * - loan pages: the lender statement, no partner list while it is empty;
 * - buy and sell pages, their landings, the Realty division: no RERA line while it is empty;
 * - the privacy page: the grievance section, falling back to the office e-mail and phone, the reply
 *   time and the Data Protection Board of India;
 * - no page says "T&C apply".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { builtPages, documentAt, htmlAt, textOf } from '../support/dist.ts';
import { localized } from '../../src/lib/content.ts';
import { dictionary, format, LOCALES } from '../../src/i18n/index.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { AMFI_DISTRIBUTOR, SEBI_MF_RISK } from '../../src/lib/regulatory.ts';
import { REGULATOR_SENTENCES } from '../../src/i18n/regulators.ts';
import { site } from '../../src/config/site.ts';

/** The routes of a family's pages, from its content collection. */
const routesOf = async (collection: 'plans' | 'loans' | 'properties') =>
  (await localized(collection)).map((entry) => `/${entry.data.route}`);
const PLANS = await routesOf('plans');
const LOANS = await routesOf('loans');
const REALTY = ['/Buy', '/Sell', ...(await routesOf('properties')), `/${site.brand}_Realty`];

/** A page's text, its <title> too. */
const pageText = (address: string) => textOf(documentAt(address).documentElement);

/** What each review in src/content/reviews says and who said it, in every language. */
const REVIEW_TEXTS = LOCALES.flatMap((locale) => {
  const folder = path.join(import.meta.dirname, '../../src/content/reviews', locale);
  return readdirSync(folder).flatMap((file) => {
    const review = YAML.parse(readFileSync(path.join(folder, file), 'utf8')) as { name: string; comment: string };
    return [review.name, review.comment.trim().replace(/\s+/g, ' ').slice(0, 60)];
  });
});
/** Reviews on a page: their words, the home page's review cards, or schema.org reviews and ratings. */
const reviewsIn = (address: string) => {
  const document = documentAt(address);
  const text = pageText(address);
  const markup =
    [...document.querySelectorAll('[class]')].some((element) => /\breviews?\b/.test(element.getAttribute('class') ?? '')) ||
    [...document.querySelectorAll('[itemtype]')].some((element) =>
      /\/(Review|AggregateRating)$/.test(element.getAttribute('itemtype') ?? ''),
    ) ||
    [...document.querySelectorAll('script[type="application/ld+json"]')].some((script) =>
      /"@type":\s*"(Review|AggregateRating)"/.test(script.textContent ?? ''),
    );
  return [...REVIEW_TEXTS.filter((words) => text.includes(words)), ...(markup ? ['review markup'] : [])];
};

describe('the regulators’ words in every language', () => {
  it('reads every family: 4 planning, 8 loan and 13 realty pages', () => {
    expect([PLANS.length, LOANS.length, REALTY.length]).toEqual([4, 8, 13]);
  });

  for (const locale of LOCALES) {
    const t = dictionary(locale).site;

    it(`${locale}: mutual fund pages show SEBI's sentence verbatim, no AMFI line without an ARN, and no reviews`, () => {
      expect(site.registrations.amfiArn).toBe('');
      for (const path of PLANS) {
        const address = localizePath(path, locale);
        const text = pageText(address);
        expect(text, address).toContain(SEBI_MF_RISK);
        const english = [...documentAt(address).querySelectorAll('strong[lang="en"]')].map((strong) => strong.textContent);
        if (locale === 'en') {
          expect(english, address).toEqual([]);
        } else {
          expect(english, address).toContain(SEBI_MF_RISK);
          expect(text, address).toContain(REGULATOR_SENTENCES.sebiRisk[locale]);
        }
        expect(text, address).not.toContain(AMFI_DISTRIBUTOR);
        expect(reviewsIn(address), address).toEqual([]);
      }
    });

    it(`${locale}: loan pages say right under the heading that we arrange and do not lend, that the lender alone decides, and list no lender while none is set`, () => {
      for (const path of LOANS) {
        const address = localizePath(path, locale);
        const text = pageText(address);
        const header = documentAt(address).querySelector('.page-header hgroup');
        expect(header?.querySelector('.page-header__kicker')?.textContent, address).toBe(
          format(t.loans.kicker, { provider: site.provider }),
        );
        expect(header?.nextElementSibling?.textContent?.trim(), address).toBe(t.loans.arranged);
        expect(text, address).toContain(t.loans.lenderStatement);
        expect(documentAt(address).querySelector('h2#lender-notice-heading')?.textContent, address).toBe(t.loans.lendersHeading);
        // No list of partner lenders (its title is the list's name) while none is set.
        expect(documentAt(address).querySelector('#lender-list-title'), address).toBeNull();
      }
    });

    it(`${locale}: buy, sell and Realty pages show no RERA line while the number is not set`, () => {
      expect(site.registrations.rera).toBe('');
      for (const path of REALTY) {
        const address = localizePath(path, locale);
        expect(htmlAt(address), address).not.toContain('rera.tn.gov.in');
        expect(pageText(address), address).not.toContain(t.regulatory.reraAgent);
      }
    });

    it(`${locale}: the privacy page names who handles grievances, how soon, and the Data Protection Board`, () => {
      const address = localizePath('/Privacy', locale);
      const document = documentAt(address);
      const text = pageText(address);
      expect(document.querySelector('h2#grievance-heading')?.textContent).toBe(t.privacy.grievanceHeading);
      expect(text).toContain(`${t.privacy.grievanceOfficer} ${t.privacy.grievanceOfficerUnnamed}`);
      expect(document.querySelector(`a[href="mailto:${site.emails.info}"]`)).not.toBeNull();
      expect(document.querySelector('a[href="tel:+919000000000"]')?.textContent?.replace(/\s/g, ' ')).toBe('+91 90000 00000');
      expect(text).toContain(t.privacy.responseTime.replace('{days}', '30'));
      expect(text).toContain(t.privacy.board);
      // The rights paragraph leads to the section.
      expect(document.querySelector('a[href="#grievance"]')).not.toBeNull();
      expect(document.getElementById('grievance')).not.toBeNull();
    });
  }

  it('the review detector finds the reviews where they are (the home page)', () => {
    for (const locale of LOCALES) expect(reviewsIn(localizePath('/', locale)).length, locale).toBeGreaterThan(1);
  });

  it('no page says "T&C apply"', () => {
    const found = builtPages()
      .filter(({ address }) => address !== '/admin' && address !== '/leads')
      .map(({ address }) => address)
      .filter((address) => /\bT\s*&\s*Cs?\b\s*(\*\s*)?apply|terms (and|&) conditions apply|conditions apply/i.test(pageText(address)));
    expect(found).toEqual([]);
  });
});
