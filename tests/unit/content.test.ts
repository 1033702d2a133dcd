import { describe, expect, it } from 'vitest';
import { entryName, localized as getCollection } from '../../src/lib/content.ts';
import { LOAN_TYPES } from '../../src/lib/enquiry/loan-options.ts';
import { PLANNING_OPTIONS } from '../../src/lib/enquiry/plan-options.ts';

describe('content collections load with the counts of the original site', () => {
  it('has 4 divisions, realty/consulting/immigration with 4 service blocks each', async () => {
    const divisions = await getCollection('divisions');
    expect(divisions.map((d) => d.data.key).sort()).toEqual(['consulting', 'immigration', 'realty', 'training']);
    for (const d of divisions.filter((d) => d.data.key !== 'training')) expect(d.data.services).toHaveLength(4);
    expect(divisions.find((d) => d.data.key === 'training')?.data.title).toBe('Training & Growth: Elevate Your Potential');
  });

  it('has 4 training programmes', async () => {
    expect(await getCollection('programs')).toHaveLength(4);
  });

  it('has a team of 6 with the designations of the original site, in order', async () => {
    const team = (await getCollection('team')).sort((a, b) => a.data.order - b.data.order);
    expect(team.map((t) => t.data.designation)).toEqual([
      'Founder and Principal Consultant',
      'Director of Client Relations and Business Development',
      'Head of Operations',
      'Director of Marketing and Communications',
      'Finance and Compliance Lead',
      'People and Culture Lead',
    ]);
  });

  it('has 3 reviews', async () => {
    expect(await getCollection('reviews')).toHaveLength(3);
  });

  it('has the 8 loan pages, each preset to a loan type of the list', async () => {
    const loans = await getCollection('loans');
    expect(loans.map((l) => l.data.route).sort()).toEqual([
      'Depositloan',
      'Goldloan',
      'Insuranceloan',
      'Letterofcredit',
      'Overdraftloan',
      'Renovationloan',
      'Securitiesloan',
      'Vehicleloan',
    ]);
    for (const l of loans) {
      expect(LOAN_TYPES).toContain(l.data.loanType);
      expect(l.body?.trim().length).toBeGreaterThan(80);
    }
  });

  it('has the 4 planning kinds with their intros', async () => {
    const plans = await getCollection('plans');
    expect(plans.map((p) => p.data.route).sort()).toEqual(['AIF', 'Financialplan', 'Mutualfunds', 'PMS']);
    for (const p of plans) {
      expect(PLANNING_OPTIONS).toContain(p.data.planning);
      expect(p.body?.trim().length).toBeGreaterThan(80);
    }
  });

  it('gives each buy page and its sell page different illustrations', async () => {
    const properties = await getCollection('properties');
    for (const category of ['flats', 'plots', 'commercial', 'agricultural', 'individual']) {
      const [buy, sell] = (['buy', 'sell'] as const).map((intent) =>
        properties.find((p) => p.data.intent === intent && p.data.category === category),
      );
      expect(buy?.data.image.src, category).toBeTruthy();
      expect(sell?.data.image.src, category).not.toBe(buy?.data.image.src);
    }
  });

  it('writes "programme", the Indian English spelling, in every piece of copy', async () => {
    const collections = ['divisions', 'programs', 'team', 'reviews', 'loans', 'plans', 'properties', 'slides', 'pages'] as const;
    const found: string[] = [];
    for (const name of collections) {
      for (const entry of await getCollection(name)) {
        const text = JSON.stringify(entry.data) + (entry.body ?? '');
        // Field names and asset paths ("programs/...") are not copy.
        const copy = text.replace(/"[^"]*\/programs\/[^"]*"/g, '');
        if (/\bprograms?\b/i.test(copy)) found.push(`${name}/${entry.id}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('has 5 buy and 5 sell property pages covering every category once', async () => {
    const properties = await getCollection('properties');
    for (const intent of ['buy', 'sell'] as const) {
      const cats = properties
        .filter((p) => p.data.intent === intent)
        .map((p) => p.data.category)
        .sort();
      expect(cats).toEqual(['agricultural', 'commercial', 'flats', 'individual', 'plots']);
    }
    expect(properties.find((p) => p.data.route === 'Agricultural')?.data).toMatchObject({ intent: 'buy', category: 'agricultural' });
  });

  it('has the about text and the privacy policy with every clause', async () => {
    const pages = await getCollection('pages');
    const about = pages.find((p) => entryName(p) === 'about');
    const privacy = pages.find((p) => entryName(p) === 'privacy');
    expect(about?.body).toMatch(/mission/i);
    for (const clause of [
      /definitions/i,
      /18/,
      /other websites/i,
      /terminat/i,
      /100 USD/,
      /as is/i,
      /Tamil Nadu/,
      /30 days/,
      /\(\/Contactus\)/,
    ]) {
      expect(privacy?.body).toMatch(clause);
    }
  });

  it('ships no lorem ipsum and no TODO', async () => {
    const all = await Promise.all(
      (['divisions', 'programs', 'loans', 'plans', 'properties', 'pages'] as const).map((c) => getCollection(c)),
    );
    for (const entry of all.flat()) expect(entry.body ?? '').not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b/i);
  });
});
