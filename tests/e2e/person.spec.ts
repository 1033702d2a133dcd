/**
 * One person across the group in /leads, in Chromium against the served site, at 390 and 1280 px:
 * three enquiries from one phone (Flats, a renovation loan, mutual funds, the phone typed three
 * ways) are one person: the list marks each "+2", a lead's page shows the other two as "Also with"
 * chips that open them, and the person's page lists all three with their timeline. A referral
 * from the Flats lead works only when the visitor ticked the group purpose, and the page says so
 * in plain words when they did not. The API's side: tests/functions/persons.test.ts and
 * merges-referrals.test.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { EXPORT_TOKEN } from '../../playwright.config.ts';
import { validBankLoan, validFinance, validRealEstate, type Fields } from '../../harness/sample-enquiries.ts';
import { withChallenge } from '../support/form-filling.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { uniqueLetters } from '../support/unique.ts';

// Three enquiries, a sign-in and two pages checked with axe: more than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

const send = async (page: Page, kind: 'realestate' | 'bankloan' | 'finance', body: Fields) =>
  expect((await page.request.post(`/api/${kind}`, { data: withChallenge(kind, body) })).status()).toBe(201);

/** Three enquiries of one new person, the phone typed three ways; the Flats one ticks the group purpose when `group`. */
const onePerson = async (page: Page, group: boolean) => {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const letters = uniqueLetters(8);
  const name = `Priya ${letters}`;
  const email = `priya.${letters}@example.com`;
  const flat = validRealEstate({ Username: name, email, phone: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, consentGroup: group });
  await send(page, 'realestate', flat);
  await send(
    page,
    'bankloan',
    validBankLoan({
      Username: name,
      email: email.toUpperCase(),
      phone: `0${digits.slice(0, 5)}-${digits.slice(5)}`,
      Loantype: 'Renovation Loan',
      page: '/Renovationloan',
    }),
  );
  await send(page, 'finance', validFinance({ Username: name, email, phone: digits }));
  return { name, digits, flat };
};

const signIn = async (page: Page) => {
  await page.goto('/leads');
  await page.getByLabel('Your key').fill(EXPORT_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  test(`at ${width} px: three enquiries from one phone are one person: "+2", Also with, the person's page`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    const { name, digits } = await onePerson(page, true);
    await signIn(page);
    await page.getByLabel('Name, phone or e-mail').fill(digits);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const cards = page.locator('.inbox-list').getByRole('button', { name: new RegExp(name) });
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card).toContainText('+2 other enquiries');

    await cards.filter({ hasText: 'Property enquiry' }).click();
    const also = page.getByRole('region', { name: 'Also with' });
    await expect(also.getByRole('button', { name: /· new · nobody yet$/ })).toHaveCount(2);
    await expectNoAxeViolations(page, `a lead with Also with at ${width} px `);
    await page.screenshot({ path: testInfo.outputPath(`also-with-${width}.png`), fullPage: true });
    await also.getByRole('button', { name: /^Bank loan enquiry/ }).click();
    await expect(page.getByText(/^Bank loan enquiry · /)).toBeVisible();

    await page.getByRole('button', { name: 'All enquiries of this person' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const enquiries = page.getByRole('region', { name: /^Enquiries/ });
    await expect(enquiries.getByRole('button')).toHaveText([/^Financial planning enquiry/, /^Bank loan enquiry/, /^Property enquiry/]);
    await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'What they agreed to' })).toContainText('Our other divisions may contact them: agreed');
    await expectNoAxeViolations(page, `the person's page at ${width} px `);
    await page.screenshot({ path: testInfo.outputPath(`person-${width}.png`), fullPage: true });
  });
}

test('Refer to… from the Flats lead to loans: refused in plain words without the group purpose, made with it', async ({ page }) => {
  const refused = await onePerson(page, false);
  const agreed = await onePerson(page, true);
  await signIn(page);
  const refer = async (id: string) => {
    await page.goto(`/leads#lead=${id}`);
    const form = page.getByRole('region', { name: 'Refer to another division' });
    await form.getByLabel('Division').selectOption('bankloan');
    await form.getByLabel('Note for them').fill('Needs a home loan for the flat');
    await form.getByRole('button', { name: 'Refer' }).click();
    return form;
  };
  const headers = { authorization: `Bearer ${EXPORT_TOKEN}` };
  const lead = async (id: string) =>
    ((await (await page.request.get(`/api/leads/${id}`, { headers })).json()) as { lead: Record<string, unknown> }).lead;
  const leadsOf = async (personId: unknown) =>
    ((await (await page.request.get(`/api/people/${String(personId)}`, { headers })).json()) as { leads: Record<string, unknown>[] }).leads;
  const form = await refer(refused.flat.submissionId as string);
  await expect(form.getByRole('alert')).toHaveText(/have not agreed that our other divisions may contact them/);
  // Nothing stored: the person still has their three enquiries.
  expect(await leadsOf((await lead(refused.flat.submissionId as string)).personId)).toHaveLength(3);
  await page.reload();
  await refer(agreed.flat.submissionId as string);
  // The new lead opens: a bank loan enquiry of the same person, marked as a referral.
  await expect(page.getByText(/^Bank loan enquiry · /)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(agreed.name);
  // Stored: a fourth enquiry of the person, a bank loan referred from the Flats lead by the key's owner.
  const flat = await lead(agreed.flat.submissionId as string);
  const leads = await leadsOf(flat.personId);
  expect(leads).toHaveLength(4);
  expect(leads.filter((one) => one.source === 'referral')).toEqual([
    expect.objectContaining({ kind: 'bankloan', page: '/leads', referredFrom: flat.id }),
  ]);
});

test('Possible duplicates: Merge joins the two people, Undo merge puts them back, on the page and on the server', async ({
  page,
}, testInfo) => {
  // Two people (a phone and an e-mail each), then a third enquiry with the loan's phone and the
  // flat's e-mail: it joins the phone's person, and the two are listed as a possible pair.
  const letters = uniqueLetters(8);
  const name = `Meena ${letters}`;
  const email = `meena.${letters}@example.com`;
  const phone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const flat = validRealEstate({ Username: name, email, phone: phone() });
  const loan = validBankLoan({ Username: name, email: `other.${letters}@example.com`, phone: phone() });
  const again = validFinance({ Username: name, email, phone: loan.phone });
  await send(page, 'realestate', flat);
  await send(page, 'bankloan', loan);
  await send(page, 'finance', again);
  const headers = { authorization: `Bearer ${EXPORT_TOKEN}` };
  const personOf = async (leadId: unknown) =>
    ((await (await page.request.get(`/api/leads/${String(leadId)}`, { headers })).json()) as { lead: { personId: string } }).lead.personId;
  const person = async (id: string) => {
    const answer = await page.request.get(`/api/people/${id}`, { headers });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as {
      person: { id: string; mergedFrom: string[] };
      leads: { id: string }[];
      merges: { undoneAt: string | null }[];
    };
  };
  const [flatPerson, loanPerson] = [await personOf(flat.submissionId), await personOf(loan.submissionId)];
  expect(flatPerson).not.toBe(loanPerson);

  await signIn(page);
  await page.getByRole('button', { name: 'Possible duplicates' }).click();
  const pair = page.locator('.inbox-pair').filter({ hasText: email });
  await expect(pair).toContainText('Their enquiries share an e-mail address, but not a phone');
  await expect(pair.getByRole('group', { name: 'First person' })).toContainText(name);
  await page.screenshot({ path: testInfo.outputPath('duplicates.png'), fullPage: true });
  // The first side is the person with the lower id; keep it.
  const [kept, merged] = [flatPerson, loanPerson].sort();
  await pair
    .getByRole('button', { name: `Merge, keep ${name}` })
    .first()
    .click();
  await expect(page.getByRole('status')).toContainText('Merged.');
  await expect(pair).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('merged.png') });
  // Stored: one person with both enquiries; the merged one answers as the person kept.
  const joined = await person(kept);
  expect(joined.person.mergedFrom).toEqual([merged]);
  const all = [flat.submissionId, loan.submissionId, again.submissionId].sort();
  expect(joined.leads.map((lead) => lead.id).sort()).toEqual(all);
  expect((await person(merged)).person.id).toBe(kept);
  expect(await personOf(flat.submissionId)).toBe(kept);
  expect(await personOf(loan.submissionId)).toBe(kept);

  await page.getByRole('button', { name: 'Undo merge' }).click();
  await expect(page.getByRole('button', { name: 'Undo merge' })).toHaveCount(0);
  await expect(pair).toHaveCount(1);
  // Stored: two people again, each with their own enquiry, and the merge marked undone.
  const [back, other] = [await person(kept), await person(merged)];
  expect(back.person.mergedFrom).toEqual([]);
  expect(back.merges.map((merge) => merge.undoneAt === null)).toEqual([false]);
  expect(other.person.id).toBe(merged);
  expect([...back.leads, ...other.leads].map((lead) => lead.id).sort()).toEqual(all);
  expect(await personOf(flat.submissionId)).toBe(flatPerson);
  expect(await personOf(loan.submissionId)).toBe(loanPerson);
  expect(await personOf(again.submissionId)).toBe(loanPerson);
});
