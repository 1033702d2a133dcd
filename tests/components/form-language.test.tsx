// @vitest-environment jsdom
/**
 * A form island speaks the language its page gives it in props, and nothing else: labels, how
 * options are shown, validation messages from the shared schemas, the consent notice, while the
 * values it sends stay the English wire values. The page's words here are a pseudo-translation
 * (every string marked ⟨ta⟩), so any English left in the island shows up.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoanForm from '../../src/islands/forms/LoanForm.tsx';
import ContactForm from '../../src/islands/forms/ContactForm.tsx';
import PropertyForm from '../../src/islands/forms/PropertyForm.tsx';
import { formLanguage } from '../../src/islands/forms/props.ts';
import { en } from '../../src/i18n/en.ts';
import { LANGUAGE_NAMES_EN, LOCALES, dictionary } from '../../src/i18n/index.ts';
import { localizePath } from '../../src/lib/routing/index.ts';
import { CALL_LANGUAGES, CALL_TIMES } from '../../src/lib/enquiry/options.ts';
import { format, indianNumber } from '../../src/i18n/format.ts';
import { messageText } from '../../src/lib/enquiry/messages.ts';
import { pseudoTranslate } from '../support/words.ts';
import type { ContactLinks } from '../../src/lib/contact-links.ts';
import { CITIES, STATES } from '../../src/data/locations.ts';

const contact: ContactLinks = {
  brand: 'Aranya',
  phone: '+91 90000 00000',
  telHref: 'tel:+919000000000',
  whatsappHref: 'https://wa.me/919000000000',
  email: 'info@example.com',
};
const english = formLanguage('en');
const tamil = {
  ...english,
  locale: 'ta' as const,
  // From the whole dictionary: the English page ships only the option labels that differ from their value.
  words: pseudoTranslate('ta', en.form),
  messages: pseudoTranslate('ta', english.messages),
  consent: {
    text: '⟨ta⟩ notice, see our [⟨ta⟩ Privacy Policy](/ta/Privacy).',
    version: english.consent.version,
    locale: 'ta' as const,
    withdrawHref: '/ta/Privacyrequest',
  },
  languageEn: 'Tamil',
};
const { words, messages } = tamil;

afterEach(cleanup);

test('labels, headings and options in the page language; the wire values and hidden fields as sent', () => {
  const { container } = render(<LoanForm {...tamil} loanType="Vehicle Loan" page="/ta/Vehicleloan" contact={contact} />);
  const loanType = screen.getByLabelText<HTMLSelectElement>(words.fields.Loantype.label);
  const chosen = within(loanType).getByRole<HTMLOptionElement>('option', { name: words.options['Vehicle Loan'] });
  expect(chosen.value).toBe('Vehicle Loan');
  expect(loanType.value).toBe('Vehicle Loan');
  expect(screen.getByRole('radio', { name: words.options.Salaried })).toHaveProperty('value', 'Salaried');
  expect(screen.getByRole('group', { name: words.groups.need })).toBeTruthy();
  expect(screen.getByRole('heading', { name: words.title })).toBeTruthy();
  expect(screen.getByRole('button', { name: words.submit })).toBeTruthy();
  const hidden = Object.fromEntries(
    Array.from(container.querySelectorAll<HTMLInputElement>('input[type=hidden]'), (input) => [input.name, input.value]),
  );
  expect(hidden).toMatchObject({ locale: 'ta', consentNotice: english.consent.version, consentLocale: 'ta', page: '/ta/Vehicleloan' });
  // The consent notice the page gave, with its link; the box's label in the page language.
  expect(screen.getByRole('link', { name: '⟨ta⟩ Privacy Policy' }).getAttribute('href')).toBe('/ta/Privacy');
  expect(screen.getByLabelText(format(words.consentLabel, { brand: 'Aranya' }))).toBeTruthy();
  // Every word shown comes from the page's words: only place names (as sent) and punctuation are not marked.
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  const places: string[] = [...STATES, ...Object.values(CITIES).flat()];
  expect(texts.filter((text) => !text.startsWith('⟨ta⟩') && !places.includes(text) && !/^[\p{P}\s]*$/u.test(text))).toEqual([]);
});

test('validation messages of the shared schemas in the page language, placeholders filled', async () => {
  const user = userEvent.setup();
  render(<ContactForm {...tamil} page="/ta/Contactus" contact={contact} />);
  const phone = screen.getByLabelText(words.fields.phone.label);
  await user.type(phone, '12345');
  await user.tab();
  expect(await screen.findByText(messages.phone)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: words.submitContact }));
  expect(await screen.findByText(messages.nameMissing)).toBeTruthy();
  expect(screen.getByText(messages.consent)).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe(format(words.errorsSummaryMany, { count: 5 }));
  // The message counter counts the Indian way.
  expect(screen.getByText(format(words.counter, { used: 0, max: indianNumber(2000) }))).toBeTruthy();
});

test('a city of another state: the message names the state (a place name, as sent)', async () => {
  const user = userEvent.setup();
  render(<PropertyForm {...tamil} intent="buy" category="individual" page="/ta/Individualhouse" contact={contact} />);
  await user.click(screen.getByRole('button', { name: words.submit }));
  expect(await screen.findByText(messages.city)).toBeTruthy();
  expect(screen.getByText(messages.time)).toBeTruthy();
  expect(messageText(messages, 'cityOfState', { state: 'Kerala' })).toBe('⟨ta⟩ Choose a city in Kerala');
});

describe.each(LOCALES)('the call-back choices on a %s page', (locale) => {
  const language = formLanguage(locale);
  const own = dictionary(locale).form;

  test('the call language starts on the page’s language, in the server’s HTML too; the time starts on "any time"', () => {
    const props = { ...language, loanType: 'Vehicle Loan' as const, page: localizePath('/Vehicleloan', locale), contact };
    render(<LoanForm {...props} />);
    const languages = screen.getByRole('group', { name: own.fields.callLanguage.label });
    const chosen = within(languages).getByRole<HTMLInputElement>('radio', { checked: true });
    expect(chosen.value).toBe(LANGUAGE_NAMES_EN[locale]);
    // Shown in the page's own words, sent in English.
    expect(chosen).toBe(within(languages).getByRole('radio', { name: (own.options as Record<string, string>)[LANGUAGE_NAMES_EN[locale]] }));
    expect(
      within(languages)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual([...CALL_LANGUAGES]);
    const times = screen.getByRole('group', { name: own.fields.callTime.label });
    const anyTime = within(times).getByRole<HTMLInputElement>('radio', { checked: true });
    expect(anyTime.value).toBe('');
    expect(anyTime).toBe(within(times).getByRole('radio', { name: own.callAnyTime }));
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['', ...CALL_TIMES]);
    // The hours under the legend, read with the group.
    expect(times.getAttribute('aria-describedby')).toBe(screen.getByText(own.fields.callTime.hint).id);
    expect(screen.getByRole('group', { name: own.groups.call })).toBeTruthy();
    // Optional: neither group is required.
    expect(
      within(times)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).required),
    ).toBe(false);
    expect(
      within(languages)
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).required),
    ).toBe(false);

    // Without JavaScript the plain form posts the page's language too: it is checked in the server's HTML.
    const html = renderToString(<LoanForm {...props} />);
    const checked = [...html.matchAll(/<input[^>]*name="callLanguage"[^>]*>/g)]
      .map(([input]) => input)
      .filter((input) => /\bchecked\b/.test(input));
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain(`value="${LANGUAGE_NAMES_EN[locale]}"`);
    expect([...html.matchAll(/<input[^>]*name="callTime"[^>]*>/g)].filter(([input]) => /\bchecked\b/.test(input))[0][0]).toContain(
      'value=""',
    );
  });
});
