/**
 * Editors change copy in /admin (Decap CMS with the local backend of `npm run cms`): each save
 * lands in the tree `npm run cms` serves (a copy, CMS_TREE) as a valid file, and the site rendered
 * from it shows it. Every file is put back afterwards (see the `tree` fixture).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { expect, file, frontMatter, openAdmin, openEntry, publish, replaceValue, test, waitForFile } from '../support/cms.ts';

const LOAN = 'src/content/loans/en/vehicle.md';
const MEMBER = 'src/content/team/en/arun-venkatesan.yaml';
const IDENTITY = 'src/content/identity.json';
/** The same entries in the other languages: Decap writes them too (the picture is shared by all four). */
const TRANSLATIONS = ['ta', 'te', 'kn'].flatMap((language) => [LOAN, MEMBER].map((path) => path.replace('/en/', `/${language}/`)));
const UPLOAD = path.join(import.meta.dirname, 'fixtures/cms-e2e-upload.png');
const UPLOADED = 'src/assets/loans/cms-e2e-upload.png';

const stamp = Date.now().toString(36);
const SENTENCE = `Ask us about electric two-wheelers too (${stamp}).`;
const ALT = `A plain orange test picture (${stamp})`;
const DESIGNATION = `Founder and Managing Director (${stamp})`;
const PHONE = '+91 91234 56789';

test('an editor changes a loan, a team member and the phone; the files stay valid and the site shows it', async ({
  page,
  request,
  tree,
}) => {
  test.setTimeout(600_000);
  await tree.keep(LOAN, MEMBER, IDENTITY, ...TRANSLATIONS);
  tree.removeAfter(file(UPLOADED));
  const before = {
    loan: frontMatter(await readFile(file(LOAN), 'utf8')),
    member: YAML.parse(await readFile(file(MEMBER), 'utf8')),
    identity: JSON.parse(await readFile(file(IDENTITY), 'utf8')),
  };

  await test.step('loan: a sentence added to the description, a new picture uploaded with its alt text', async () => {
    await openEntry(page, 'loans', 'vehicle', 'Loan name');
    const description = page.locator('[data-slate-editor="true"]');
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${SENTENCE}`);
    await page.getByRole('button', { name: 'Choose different image' }).click();
    await page.locator('input[type="file"]').setInputFiles(UPLOAD);
    await page.getByRole('button', { name: 'Choose selected' }).click();
    await page.getByLabel('Picture description (alt text)', { exact: true }).fill(ALT);
    await publish(page);

    const saved = frontMatter(await waitForFile(LOAN, (text) => text.includes(SENTENCE)));
    expect(saved.data).toEqual({ ...before.loan.data, image: '../../../assets/loans/cms-e2e-upload.png', imageAlt: ALT });
    expect(saved.body).toContain('Who it suits');
    expect(readFileSync(file(UPLOADED))).toEqual(readFileSync(UPLOAD));
    // The picture is one for all languages; the Tamil words stay Tamil.
    const tamil = frontMatter(await waitForFile(LOAN.replace('/en/', '/ta/'), (text) => text.includes('cms-e2e-upload.png')));
    expect(tamil.data.image).toBe('../../../assets/loans/cms-e2e-upload.png');
    expect(tamil.data.title).toBe('வாகனக் கடன்');
  });

  await test.step('team member: a new designation', async () => {
    await openEntry(page, 'team', 'arun-venkatesan', 'Designation');
    await replaceValue(page, 'Designation', before.member.designation, DESIGNATION);
    await publish(page);
    const saved = YAML.parse(await waitForFile(MEMBER, (text) => text.includes(DESIGNATION)), { strict: true });
    expect(saved).toEqual({ ...before.member, designation: DESIGNATION });
  });

  await test.step('contact details: a new phone number', async () => {
    await openEntry(page, 'identity', 'identity', 'Phone');
    await replaceValue(page, 'Phone', before.identity.phone, PHONE);
    await publish(page);
    const saved = JSON.parse(await waitForFile(IDENTITY, (text) => text.includes(PHONE)));
    expect(saved).toEqual({ ...before.identity, phone: PHONE });
  });

  await test.step('the site rendered from these files shows every change', async () => {
    // `astro dev` renders each page from the files as they are now (its content layer follows the
    // working tree): the same collections, schemas and components the build renders.
    const html = async (route: string, shows: string) => {
      let text = '';
      await expect
        .poll(
          async () => {
            text = await (await request.get(route, { timeout: 120_000 })).text();
            return text.includes(shows);
          },
          { timeout: 240_000, message: `${route} does not show "${shows}"` },
        )
        .toBe(true);
      return text;
    };

    const loan = await html('/Vehicleloan', SENTENCE);
    const picture = [...loan.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).find((tag) => tag.includes(`alt="${ALT}"`));
    expect(picture, 'the uploaded picture, with its alt text').toBeDefined();
    const src = picture!.match(/\ssrc="([^"]+)"/)![1].replaceAll('&amp;', '&');
    expect(src).toContain('cms-e2e-upload');
    const image = await request.get(src, { timeout: 120_000 });
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    await html('/', DESIGNATION);

    const contact = await html('/Contactus', PHONE);
    expect(contact).toContain('href="tel:+919123456789"');
    expect(contact).toContain('https://wa.me/919123456789');
  });
});

test('a required field left empty, or a value of the wrong form, is refused with a message and nothing is written', async ({
  page,
  tree,
}) => {
  await tree.keep(MEMBER, IDENTITY);
  const member = await readFile(file(MEMBER), 'utf8');
  const identity = await readFile(file(IDENTITY), 'utf8');

  // The sidebar lists the identity entry and every content collection.
  const sidebar = {
    identity: 'Contact details',
    divisions: 'Divisions',
    programs: 'Training programmes',
    team: 'Leadership team',
    reviews: 'Reviews',
    loans: 'Loan pages',
    plans: 'Financial planning pages',
    properties: 'Property pages',
    slides: 'Home carousel',
    pages: 'Pages and sections',
    consent: 'Consent notice',
  };
  await openAdmin(page, '/collections/identity', page.getByTestId('identity'));
  for (const [name, label] of Object.entries(sidebar)) await expect(page.getByTestId(name)).toHaveText(label);
  // The help text says why the brand is not here.
  await expect(page.getByText(/The brand name \(Aranya\) cannot be changed here: it is part of page addresses/)).toBeVisible();

  await openEntry(page, 'team', 'arun-venkatesan', 'Designation');
  await replaceValue(page, 'Designation', YAML.parse(member).designation, '');
  await publish(page);
  await expect(page.getByText('Designation is required.')).toBeVisible();

  await openEntry(page, 'identity', 'identity', 'Phone');
  await replaceValue(page, 'Phone', JSON.parse(identity).phone, '90000 00000');
  await publish(page);
  await expect(page.getByText(/Write the phone with its country code, e\.g\. \+91 90000 00000/)).toBeVisible();

  expect(await readFile(file(MEMBER), 'utf8')).toBe(member);
  expect(await readFile(file(IDENTITY), 'utf8')).toBe(identity);
});
