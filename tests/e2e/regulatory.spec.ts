/**
 * The words regulators require, on the served build (npm start), in every language, read from each
 * page's HTML (request fetches, no page loads), with src/content/identity.json as it is committed:
 * registrations, partner lenders and grievance officer empty. (With them set, the blocks are proven
 * by tests/unit/regulatory-render.test.ts.)
 * - mutual fund and planning pages: SEBI's sentence word for word (marked lang="en" beside its
 *   translation on ta/te/kn pages), no AMFI line while the ARN is empty, no customer reviews;
 * - loan pages: the lender statement, no partner list while it is empty;
 * - buy and sell pages, their landings, the Realty division: no RERA line while it is empty;
 * - the privacy page: the grievance section, falling back to the office e-mail and phone, the reply
 *   time and the Data Protection Board of India;
 * - no page says "T&C apply";
 * - axe over one page of each family, in English and in Tamil.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import YAML from 'yaml';
import { ROUTES } from './routes';
import { expectNoAxeViolations } from '../support/axe';
import { islandsHydrated } from '../support/islands';
import { LOANS as LOAN_PAGES, PLANS as PLAN_PAGES } from '../support/form-filling';
import { dictionary, LOCALES } from '../../src/i18n';
import { AMFI_DISTRIBUTOR, SEBI_MF_RISK } from '../../src/lib/regulatory';
import { REGULATOR_SENTENCES } from '../../src/i18n/regulators';
import { localizePath } from '../../src/lib/routing';
import { site } from '../../src/config/site';

const PLANS = PLAN_PAGES.map(([path]) => path);
const LOANS = LOAN_PAGES.map(([path]) => path);
const REALTY = [
  '/Buy',
  '/Sell',
  '/Flats',
  '/Plots',
  '/Commercial',
  '/Agricultural',
  '/Individual',
  '/Sellflats',
  '/Sellplots',
  '/Sellcommercial',
  '/Sellagricultural',
  '/Sellindividual',
  `/${site.brand}_Realty`,
];

const decode = (html: string) =>
  html
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u00a0/g, ' ');
/** The page's visible text (scripts, styles and tags removed, spaces folded). */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
      .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();

/** What each review in src/content/reviews says and who said it, in every language. */
const REVIEW_TEXTS = LOCALES.flatMap((locale) => {
  const folder = new URL(`../../src/content/reviews/${locale}/`, import.meta.url);
  return readdirSync(folder).flatMap((file) => {
    const review = YAML.parse(readFileSync(new URL(file, folder), 'utf8')) as { name: string; comment: string };
    return [review.name, review.comment.trim().replace(/\s+/g, ' ').slice(0, 60)];
  });
});
/** Review markup: the home page's review cards, or schema.org reviews and ratings. */
const REVIEW_MARKUP = /class="[^"]*\breviews?\b|"@type":\s*"(Review|AggregateRating)"|itemtype="[^"]*\/(Review|AggregateRating)"/;
const reviewsIn = (html: string) => {
  const text = textOf(html);
  return [...REVIEW_TEXTS.filter((words) => text.includes(words)), ...(REVIEW_MARKUP.test(html) ? ['review markup'] : [])];
};

test.describe('the regulators’ words in every language', () => {
  for (const locale of LOCALES) {
    const t = dictionary(locale).site;

    test(`${locale}: mutual fund pages show SEBI's sentence verbatim, no AMFI line without an ARN, and no reviews`, async ({ request }) => {
      for (const path of PLANS) {
        const url = localizePath(path, locale);
        const html = await (await request.get(url)).text();
        const text = textOf(html);
        expect(text, url).toContain(SEBI_MF_RISK);
        if (locale === 'en') {
          expect(html, url).not.toMatch(/<strong lang="en"/);
        } else {
          expect(html, url).toMatch(new RegExp(`<strong lang="en"[^>]*>${SEBI_MF_RISK}</strong>`));
          expect(text, url).toContain(REGULATOR_SENTENCES.sebiRisk[locale]);
        }
        expect(site.registrations.amfiArn).toBe('');
        expect(text, url).not.toContain(AMFI_DISTRIBUTOR);
        expect(reviewsIn(html), url).toEqual([]);
      }
    });

    test(`${locale}: loan pages say the lender alone decides, and list no lender while none is set`, async ({ request }) => {
      for (const path of LOANS) {
        const url = localizePath(path, locale);
        const html = await (await request.get(url)).text();
        const text = textOf(html);
        expect(text, url).toContain(t.loans.lenderStatement);
        expect(html, url).toMatch(new RegExp(`<h2 id="lender-notice-heading"[^>]*>${t.loans.lendersHeading}</h2>`));
        expect(text, url).not.toContain(t.loans.partnerLenders);
      }
    });

    test(`${locale}: buy, sell and Realty pages show no RERA line while the number is not set`, async ({ request }) => {
      expect(site.registrations.rera).toBe('');
      for (const path of REALTY) {
        const url = localizePath(path, locale);
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        const html = await response.text();
        expect(html, url).not.toContain('rera.tn.gov.in');
        expect(textOf(html), url).not.toContain(t.regulatory.reraAgent);
      }
    });

    test(`${locale}: the privacy page names who handles grievances, how soon, and the Data Protection Board`, async ({ request }) => {
      const url = localizePath('/Privacy', locale);
      const html = await (await request.get(url)).text();
      const text = textOf(html);
      expect(html, url).toMatch(new RegExp(`<h2 id="grievance-heading"[^>]*>${t.privacy.grievanceHeading}</h2>`));
      expect(text, url).toContain(`${t.privacy.grievanceOfficer} ${t.privacy.grievanceOfficerUnnamed}`);
      expect(html, url).toMatch(new RegExp(`<a href="mailto:${site.emails.info}"`));
      expect(html, url).toMatch(/<a href="tel:\+919000000000"[^>]*>\+91\s90000\s00000<\/a>/);
      expect(text, url).toContain(t.privacy.responseTime.replace('{days}', '30'));
      expect(text, url).toContain(t.privacy.board);
      // The rights paragraph leads to the section.
      expect(html, url).toContain('href="#grievance"');
    });
  }

  test('the review detector finds the reviews where they are (the home page)', async ({ request }) => {
    for (const locale of LOCALES) expect(reviewsIn(await (await request.get(localizePath('/', locale))).text()).length).toBeGreaterThan(1);
  });

  test('no page says "T&C apply"', async ({ request }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const locale of LOCALES) {
      for (const path of [...ROUTES.map((r) => r.path), '/Thankyou', '/no-such-page']) {
        const url = localizePath(path, locale);
        const text = textOf(await (await request.get(url)).text());
        if (/\bT\s*&\s*Cs?\b\s*(\*\s*)?apply|terms (and|&) conditions apply|conditions apply/i.test(text)) found.push(url);
      }
    }
    expect(found).toEqual([]);
  });
});

test.describe('accessibility of the new blocks', () => {
  for (const locale of ['en', 'ta'] as const) {
    test(`${locale}: axe is clean on a plan, a loan, a property, the Realty and the privacy page`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of ['/Mutualfunds', '/Vehicleloan', '/Flats', `/${site.brand}_Realty`, '/Privacy']) {
        await page.goto(localizePath(path, locale));
        await islandsHydrated(page);
        await expectNoAxeViolations(page, `${localizePath(path, locale)} `);
      }
    });
  }
});
