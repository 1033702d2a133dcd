/**
 * The pure rules behind the regulators' words (src/lib/regulatory.ts) and the identity fields they
 * read (src/config/site.ts): the verbatim sentences, the lender list, the grievance fallbacks and
 * the build's warning about a registration that is not set.
 */
import { REGULATOR_SENTENCES } from '../../src/i18n/regulators.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { identitySchema, parseIdentity, site } from '../../src/config/site.ts';
import {
  AMFI_DISTRIBUTOR,
  RERA_VERIFY_URL,
  SEBI_MF_RISK,
  grievanceContact,
  lenderList,
  missingRegistrationLines,
  registrationOf,
} from '../../src/lib/regulatory.ts';

const file = JSON.parse(readFileSync(new URL('../../src/content/identity.json', import.meta.url), 'utf8'));

describe("the regulators' own words", () => {
  it("keeps SEBI's and AMFI's sentences word for word", () => {
    expect(SEBI_MF_RISK).toBe('Mutual Fund investments are subject to market risks, read all scheme related documents carefully.');
    expect(AMFI_DISTRIBUTOR).toBe('AMFI-registered Mutual Fund Distributor');
    expect(RERA_VERIFY_URL).toBe('https://rera.tn.gov.in/');
  });

  it('are the English words of the one place that holds each sentence with its translations', () => {
    expect(REGULATOR_SENTENCES.sebiRisk.en).toBe(SEBI_MF_RISK);
    expect(REGULATOR_SENTENCES.amfiDistributor.en).toBe(AMFI_DISTRIBUTOR);
  });
});

describe('registrationOf', () => {
  it('gives the trimmed number, or nothing for an empty or blank one', () => {
    expect(registrationOf(' ARN-123456 ')).toBe('ARN-123456');
    expect(registrationOf('')).toBeUndefined();
    expect(registrationOf('   ')).toBeUndefined();
    expect(registrationOf(undefined)).toBeUndefined();
  });
});

describe('lenderList', () => {
  it('trims the names, drops blanks and repeats, and keeps the order', () => {
    expect(lenderList([' State Bank of India ', '', 'HDFC Bank', '  ', 'State Bank of India', 'Bajaj Finance'])).toEqual([
      'State Bank of India',
      'HDFC Bank',
      'Bajaj Finance',
    ]);
  });
  it('is empty for no list', () => {
    expect(lenderList([])).toEqual([]);
    expect(lenderList(undefined)).toEqual([]);
  });
});

describe('grievanceContact', () => {
  const office = { phone: '+91 90000 00000', emails: { ...site.emails, info: 'info@example.com' } };
  it("shows the officer's own name, e-mail and phone when set", () => {
    expect(
      grievanceContact({
        ...office,
        grievance: { name: ' R. Kumar ', email: 'dpo@example.com', phone: '+91 98765 43210', responseDays: 15 },
      }),
    ).toEqual({ name: 'R. Kumar', email: 'dpo@example.com', phone: '+91 98765 43210', responseDays: 15 });
  });
  it("falls back to the office's info e-mail and phone, and names nobody, when they are empty", () => {
    expect(grievanceContact({ ...office, grievance: { name: '', email: ' ', phone: '', responseDays: 30 } })).toEqual({
      name: undefined,
      email: 'info@example.com',
      phone: '+91 90000 00000',
      responseDays: 30,
    });
  });
});

describe('the identity file', () => {
  it('ships with the registrations, the lenders and the grievance officer empty, and a 30-day reply', () => {
    const identity = parseIdentity(file);
    expect(identity.registrations).toEqual({ rera: '', amfiArn: '', gstin: '', cin: '' });
    expect(identity.partnerLenders).toEqual([]);
    expect(identity.grievance).toEqual({ name: '', email: '', phone: '', responseDays: 30 });
  });
  it('accepts a filled-in officer and lenders, and a file without lenders', () => {
    const filled = {
      ...file,
      partnerLenders: ['State Bank of India'],
      grievance: { name: 'R. Kumar', email: 'dpo@example.com', phone: '+91 98765 43210', responseDays: 90 },
    };
    expect(identitySchema.safeParse(filled).success).toBe(true);
    const { partnerLenders: _, ...withoutLenders } = file;
    expect(parseIdentity(withoutLenders).partnerLenders).toEqual([]);
  });
  it.each([
    ['a reply time over the 90 days the law allows', { responseDays: 91 }, 'at most 90 days'],
    ['a reply time of 0 days', { responseDays: 0 }, 'responseDays'],
    ['a reply time that is not whole days', { responseDays: 2.5 }, 'responseDays'],
    ['an e-mail that is not one', { email: 'dpo at example' }, 'Enter an e-mail address'],
    ['a phone without its country code', { phone: '98765 43210' }, 'country code'],
  ])('refuses %s, naming the field', (_, change, message) => {
    expect(() => parseIdentity({ ...file, grievance: { ...file.grievance, ...change } })).toThrow(message);
  });
  it('refuses an empty lender name', () => {
    expect(() => parseIdentity({ ...file, partnerLenders: ['HDFC Bank', ' '] })).toThrow('partnerLenders');
  });
});

describe("the build's warning about a registration that is not set", () => {
  const routes = { plans: ['Mutualfunds', 'PMS'], realty: ['Flats', 'Buy', 'Aranya_Realty'] };
  const built = ['', 'Mutualfunds', 'ta/Mutualfunds', 'PMS', 'Flats', 'kn/Flats', 'Buy', 'Aranya_Realty', 'Vehicleloan', 'Privacy'];

  it('names every built page that cannot show the ARN or the RERA number, and where to set it', () => {
    const lines = missingRegistrationLines({ amfiArn: '', rera: ' ' }, routes, built);
    expect(lines).toEqual([
      'AMFI ARN not set (/admin: Contact details > Registration numbers > AMFI ARN): 3 pages cannot show it: /Mutualfunds, /PMS, /ta/Mutualfunds',
      'RERA registration not set (/admin: Contact details > Registration numbers > RERA registration): 4 pages cannot show it: /Aranya_Realty, /Buy, /Flats, /kn/Flats',
    ]);
  });
  it('says nothing about a number that is set', () => {
    expect(missingRegistrationLines({ amfiArn: 'ARN-123456', rera: '' }, routes, built)).toHaveLength(1);
    expect(missingRegistrationLines({ amfiArn: '', rera: 'TN/Agent/0001/2026' }, routes, built)[0]).toMatch(/^AMFI ARN not set/);
    expect(missingRegistrationLines({ amfiArn: 'ARN-123456', rera: 'TN/Agent/0001/2026' }, routes, built)).toEqual([]);
  });
  it('accepts pathnames with slashes and .html', () => {
    expect(missingRegistrationLines({ amfiArn: '', rera: 'x' }, routes, ['/te/PMS/', 'Mutualfunds.html'])[0]).toMatch(
      /2 pages cannot show it: \/Mutualfunds, \/te\/PMS$/,
    );
  });
});

describe('the build integration (integrations/registrations-warning.ts)', () => {
  it('warns after the build, with the committed identity (nothing set), naming the plan and realty pages it built', async () => {
    const { registrationsWarning } = await import('../../integrations/registrations-warning.ts');
    const hooks = registrationsWarning().hooks as Record<string, (options: unknown) => void>;
    hooks['astro:config:done']({ config: { root: new URL('../../', import.meta.url) } });
    const warned: string[] = [];
    const info: string[] = [];
    const logger = { warn: (line: string) => warned.push(line), info: (line: string) => info.push(line) };
    const pages = ['', 'Mutualfunds', 'te/AIF', 'Financialplan', 'PMS', 'Flats', 'ta/Sellplots', 'Buy', 'Aranya_Realty', 'Vehicleloan'];
    hooks['astro:build:done']({ pages: pages.map((pathname) => ({ pathname })), logger });
    expect(warned).toEqual([
      expect.stringMatching(/^AMFI ARN not set .*: 4 pages cannot show it: \/Financialplan, \/Mutualfunds, \/PMS, \/te\/AIF$/),
      expect.stringMatching(/^RERA registration not set .*: 4 pages cannot show it: \/Aranya_Realty, \/Buy, \/Flats, \/ta\/Sellplots$/),
    ]);
    expect(info).toEqual([]);
  });
});
