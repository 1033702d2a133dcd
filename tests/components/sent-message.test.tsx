// @vitest-environment jsdom
/**
 * The success state offers WhatsApp with a first message ready: it quotes the reference, in the
 * page's language (the words come through the island's props, the dictionary's `form` section).
 */
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import SentMessage, { replyByText } from '../../src/islands/forms/SentMessage.tsx';
import { dayMonthYear } from '../../src/i18n/format.ts';
import { FormMetaContext } from '../../src/islands/forms/context.ts';
import { formLanguage } from '../../src/islands/forms/props.ts';
import { format } from '../../src/i18n/format.ts';
import type { ContactLinks } from '../../src/lib/contact-links.ts';

const contact: ContactLinks = {
  brand: 'Aranya',
  phone: '+91 90000 00000',
  telHref: 'tel:+919000000000',
  whatsappHref: 'https://wa.me/919000000000',
  email: 'info@example.com',
};

afterEach(cleanup);

const renderIn = (locale: 'en' | 'ta', reference: string) => {
  const { words, messages } = formLanguage(locale);
  render(
    <FormMetaContext.Provider value={{ idPrefix: 'enquiry', hydrated: true, words, messages, locale, places: {} }}>
      <SentMessage reference={reference} byEmail={false} contact={contact} onAnother={() => {}} />
    </FormMetaContext.Provider>,
  );
  return words;
};

test('the WhatsApp link carries a prefilled message with the reference, in the page language', () => {
  const words = renderIn('ta', '1a2b3c4d');
  const link = screen.getByRole('link', { name: new RegExp(words.success.whatsappLink) });
  const url = new URL(link.getAttribute('href') ?? '');
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919000000000');
  const text = url.searchParams.get('text') ?? '';
  expect(text).toContain('1a2b3c4d');
  expect(text).toBe(format(words.success.whatsappText, { brand: 'Aranya', reference: '1a2b3c4d' }));
  expect(text).toMatch(/[\u0B80-\u0BFF]/); // Tamil script
  expect(link.getAttribute('target')).toBe('_blank');
});

test('in English: "Message us on WhatsApp", the text encoded in the link', () => {
  renderIn('en', 'deadbeef');
  const link = screen.getByRole('link', { name: /Message us on WhatsApp/ });
  expect(link.getAttribute('href')).toBe(
    `https://wa.me/919000000000?text=${encodeURIComponent('Hello Aranya, I sent an enquiry on your website. My reference is deadbeef.')}`,
  );
});

test('after a privacy request: the reference and the day we answer by, written the page language’s way; no WhatsApp, no "send another"', () => {
  const { words, messages } = formLanguage('te');
  const now = Date.now();
  render(
    <FormMetaContext.Provider value={{ idPrefix: 'enquiry', hydrated: true, words, messages, locale: 'te', places: {} }}>
      <SentMessage reference="0c0ffee0" byEmail={false} contact={contact} onAnother={() => {}} replyWithinDays={30} />
    </FormMetaContext.Provider>,
  );
  expect(screen.getByRole('heading').textContent).toBe(words.success.privacyTitle);
  expect(screen.getByText(format(words.success.reference, { reference: '0c0ffee0' }))).toBeTruthy();
  const date = replyByText(30, 'te', new Date(now));
  // Day first, no comma: "27 డిసెంబర్ 2026" (src/i18n/format.ts, dayMonthYear).
  expect(date).toBe(dayMonthYear(new Date(now + 30 * 86_400_000), 'te'));
  expect(date).toMatch(/^\d{1,2} \S+ \d{4}$/u);
  expect(screen.getByText(format(words.success.privacyNext, { date, days: 30 }))).toBeTruthy();
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
});
