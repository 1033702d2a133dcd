/**
 * The regulators' blocks rendered with Astro's container API, with the registrations, lenders and
 * grievance officer set and empty, in English and in Tamil.
 */
import { REGULATOR_SENTENCES } from '../../src/i18n/regulators.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import MutualFundNotice from '../../src/components/regulatory/MutualFundNotice.astro';
import ReraNotice from '../../src/components/regulatory/ReraNotice.astro';
import LenderNotice from '../../src/components/regulatory/LenderNotice.astro';
import GrievanceContact from '../../src/components/regulatory/GrievanceContact.astro';
import { site } from '../../src/config/site.ts';
import { ta } from '../../src/i18n/ta.ts';
import { en } from '../../src/i18n/en.ts';

const SEBI = 'Mutual Fund investments are subject to market risks, read all scheme related documents carefully.';
const AMFI = 'AMFI-registered Mutual Fund Distributor';

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
/** The rendered text, tags removed and spaces folded. */
const text = (html: string) =>
  html
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the mutual fund notice', () => {
  it("with the ARN set: AMFI's line with the ARN, and SEBI's sentence in full, in English", async () => {
    const html = await container.renderToString(MutualFundNotice, { props: { amfiArn: 'ARN-123456', locale: 'en' } });
    expect(text(html)).toContain(`${AMFI} ARN-123456`);
    expect(html).toMatch(new RegExp(`<strong[^>]*>${SEBI}</strong>`));
    expect(html).not.toContain('lang="en"');
    expect(html).not.toContain(REGULATOR_SENTENCES.sebiRisk.ta);
  });

  it("with the ARN empty: no AMFI line, still SEBI's sentence", async () => {
    const html = await container.renderToString(MutualFundNotice, { props: { amfiArn: '', locale: 'en' } });
    expect(html).not.toContain('AMFI');
    expect(html).not.toContain('ARN');
    expect(text(html)).toContain(SEBI);
  });

  it('in Tamil: the English words verbatim, marked lang="en", each with its translation beside it', async () => {
    const html = await container.renderToString(MutualFundNotice, { props: { amfiArn: 'ARN-123456', locale: 'ta' } });
    expect(html).toMatch(new RegExp(`<span lang="en"[^>]*>${AMFI}</span>`));
    expect(html).toMatch(new RegExp(`<strong lang="en"[^>]*>${SEBI}</strong>`));
    expect(text(html)).toContain(REGULATOR_SENTENCES.amfiDistributor.ta);
    expect(text(html)).toContain(REGULATOR_SENTENCES.sebiRisk.ta);
    expect(html).toContain('ARN-123456');
    expect(html).toContain(`aria-label="${ta.site.regulatory.investorNotice}"`);
  });

  it('reads the identity when given no ARN (empty in the repository)', async () => {
    const html = await container.renderToString(MutualFundNotice, { props: { locale: 'en' } });
    expect(site.registrations.amfiArn).toBe('');
    expect(html).not.toContain('AMFI');
    expect(text(html)).toContain(SEBI);
  });
});

describe('the RERA line', () => {
  it('with the number set: the number and a link to check it on the Tamil Nadu RERA site', async () => {
    const html = await container.renderToString(ReraNotice, { props: { rera: 'TN/Agent/0001/2026', locale: 'en' } });
    expect(text(html)).toContain(`${en.site.regulatory.reraAgent}: TN/Agent/0001/2026`);
    expect(html).toMatch(/<a href="https:\/\/rera\.tn\.gov\.in\/" rel="noopener noreferrer" target="_blank"/);
    expect(text(html)).toContain(`${en.site.regulatory.reraVerify} ${en.site.newTab}`);
  });

  it('in Tamil: the number untranslated, the words in Tamil', async () => {
    const html = await container.renderToString(ReraNotice, { props: { rera: 'TN/Agent/0001/2026', locale: 'ta' } });
    expect(text(html)).toContain(`${ta.site.regulatory.reraAgent}: TN/Agent/0001/2026`);
    expect(text(html)).toContain(ta.site.regulatory.reraVerify);
  });

  it.each(['', '   '])('with the number empty (%j): nothing at all', async (rera) => {
    const html = await container.renderToString(ReraNotice, { props: { rera, locale: 'en' } });
    expect(text(html)).toBe('');
    expect(html).not.toContain('rera.tn.gov.in');
  });
});

describe("the loan pages' lender statement", () => {
  it('with lenders set: the statement, then the lenders as a list, in the order given', async () => {
    const html = await container.renderToString(LenderNotice, {
      props: { lenders: ['State Bank of India', ' Bajaj Finance ', ''], locale: 'en' },
    });
    expect(text(html)).toContain(en.site.loans.lenderStatement);
    expect(html).toMatch(/<h2[^>]*>Who lends the money<\/h2>/);
    expect(text(html)).toContain(en.site.loans.partnerLenders);
    expect([...html.matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(['State Bank of India', 'Bajaj Finance']);
  });

  it('with no lenders: the statement only, no list', async () => {
    const html = await container.renderToString(LenderNotice, { props: { lenders: [], locale: 'en' } });
    expect(text(html)).toContain(en.site.loans.lenderStatement);
    expect(html).not.toContain('<ul');
    expect(text(html)).not.toContain(en.site.loans.partnerLenders);
  });

  it('in Tamil: the statement in Tamil, the lenders by their own names', async () => {
    const html = await container.renderToString(LenderNotice, { props: { lenders: ['State Bank of India'], locale: 'ta' } });
    expect(text(html)).toContain(ta.site.loans.lenderStatement);
    expect(html).toMatch(/<li[^>]*>State Bank of India<\/li>/);
  });
});

describe("the privacy page's grievance section", () => {
  const office = { phone: '+91 90000 00000', emails: site.emails };

  it('with the officer set: their name, e-mail and phone links, the reply time and the Board', async () => {
    const html = await container.renderToString(GrievanceContact, {
      props: {
        identity: { ...office, grievance: { name: 'R. Kumar', email: 'dpo@example.com', phone: '+91 98765 43210', responseDays: 15 } },
        locale: 'en',
      },
    });
    expect(text(html)).toContain('Grievance officer R. Kumar');
    expect(html).toContain('<a href="mailto:dpo@example.com"');
    expect(html).toContain('<a href="tel:+919876543210"');
    expect(text(html)).toContain('We reply within 15 days of receiving your complaint.');
    expect(text(html)).toContain('Data Protection Board of India');
    expect(html).toContain('id="grievance"');
    expect(html).not.toContain('info@example.com');
  });

  it('with the officer empty: the office team, the info e-mail and the office phone', async () => {
    const html = await container.renderToString(GrievanceContact, {
      props: { identity: { ...office, grievance: { name: '', email: '', phone: '', responseDays: 30 } }, locale: 'en' },
    });
    expect(text(html)).toContain(`Grievance officer ${en.site.privacy.grievanceOfficerUnnamed}`);
    expect(html).toContain(`<a href="mailto:${site.emails.info}"`);
    expect(html).toContain('<a href="tel:+919000000000"');
    expect(text(html)).toContain('We reply within 30 days');
  });

  it('in Tamil: the words in Tamil, the days filled in, the Board named', async () => {
    const html = await container.renderToString(GrievanceContact, {
      props: { identity: { ...office, grievance: { name: 'R. Kumar', email: '', phone: '', responseDays: 30 } }, locale: 'ta' },
    });
    expect(text(html)).toContain(ta.site.privacy.grievanceHeading);
    expect(text(html)).toContain(ta.site.privacy.responseTime.replace('{days}', '30'));
    expect(text(html)).toContain(ta.site.privacy.board);
    expect(text(html)).toContain('R. Kumar');
  });
});
