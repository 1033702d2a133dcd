// @vitest-environment jsdom
/**
 * The state and city on a Tamil page: shown in Tamil while the English name is what is sent; the
 * plain form (the server's HTML) lists every city by state in Tamil; the box over the city list finds
 * a city by its Tamil or its English name, says how many are left, and, with no state chosen yet,
 * looks in every state and sets the state of the city chosen.
 */
import { afterEach, expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoanForm from '../../src/islands/forms/LoanForm.tsx';
import { formLanguage } from '../../src/islands/forms/props.ts';
import { dictionary, format } from '../../src/i18n/index.ts';
import type { ContactLinks } from '../../src/lib/contact-links.ts';

const contact: ContactLinks = {
  brand: 'Aranya',
  phone: '+91 90000 00000',
  telHref: 'tel:+919000000000',
  whatsappHref: 'https://wa.me/919000000000',
  email: 'info@example.com',
};
const tamil = { ...formLanguage('ta', { places: true }), loanType: 'Vehicle Loan' as const, page: '/ta/Vehicleloan', contact };
const words = dictionary('ta').form;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const cityList = () => screen.getByLabelText<HTMLSelectElement>(words.fields.selectedCity.label);
const cityOptions = () =>
  within(cityList())
    .queryAllByRole<HTMLOptionElement>('option')
    .filter((option) => option.value !== '');

test('the plain form lists every state and city in Tamil, by state, and sends the English names', () => {
  document.body.innerHTML = renderToString(<LoanForm {...tamil} />);
  const state = document.querySelector<HTMLSelectElement>('select[name=selectedState]')!;
  expect([...state.options].map((option) => [option.value, option.text]).slice(1, 3)).toEqual([
    ['Tamil Nadu', 'தமிழ்நாடு'],
    ['Andhra Pradesh', 'ஆந்திரப் பிரதேசம்'],
  ]);
  const groups = [...document.querySelectorAll('select[name=selectedCity] optgroup')].map((group) => group.getAttribute('label'));
  expect(groups).toEqual(['தமிழ்நாடு', 'ஆந்திரப் பிரதேசம்', 'கர்நாடகா', 'தெலங்கானா']);
  const hosur = document.querySelector<HTMLOptionElement>('select[name=selectedCity] option[value=Hosur]')!;
  expect(hosur.text).toBe('ஓசூர்');
  // The box is in the HTML (hidden by the stylesheet when there is no script) and sends nothing.
  expect(document.querySelector('#enquiry-findCity')?.getAttribute('name')).toBeNull();
});

test('the box finds a city by its Tamil or its English name, and says how many are left', async () => {
  const user = userEvent.setup();
  render(<LoanForm {...tamil} />);
  await user.selectOptions(screen.getByLabelText(words.fields.selectedState.label), 'தமிழ்நாடு');
  expect(cityOptions().length).toBe(110);
  const box = screen.getByRole('searchbox', { name: words.findCity.label });
  await user.type(box, 'Hosur');
  expect(cityOptions().map((option) => [option.value, option.text])).toEqual([['Hosur', 'ஓசூர்']]);
  expect(screen.getByText(words.findCityOne)).toBeTruthy();
  await user.clear(box);
  await user.type(box, 'ஓசூ');
  expect(cityOptions().map((option) => option.value)).toEqual(['Hosur']);
  await user.clear(box);
  await user.type(box, 'பட்டி');
  expect(screen.getByText(format(words.findCityMany, { count: cityOptions().length }))).toBeTruthy();
  await user.clear(box);
  await user.type(box, 'zzz');
  expect(cityOptions()).toEqual([]);
  expect(screen.getByText(words.findCityNone)).toBeTruthy();
});

test('with no state chosen, the box looks in every state, and the city chosen names its state', async () => {
  const user = userEvent.setup();
  render(<LoanForm {...tamil} />);
  await user.click(screen.getByLabelText(words.fields.selectedState.label));
  expect(cityOptions()).toEqual([]);
  await user.type(screen.getByRole('searchbox', { name: words.findCity.label }), 'mysu');
  expect(cityOptions().map((option) => [option.value, option.text])).toEqual([['Mysuru', 'மைசூரு']]);
  await user.selectOptions(cityList(), 'மைசூரு');
  expect(screen.getByLabelText<HTMLSelectElement>(words.fields.selectedState.label).value).toBe('Karnataka');
  expect(cityList().value).toBe('Mysuru');
});
