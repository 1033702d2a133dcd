/**
 * What each enquiry page sets in its form, on every page in every language, as built: the page and
 * language the lead will carry, a property page's intent, category and property with the fields
 * that intent and category give (listing, type, cost bands, time, photos), a loan page's loan type,
 * a planning page's plan. A visitor's filling and sending is proven in the browser on one page for
 * each form (tests/e2e/forms.spec.ts, FORM_VARIANTS); these are what the other pages of a form differ by.
 */
import { describe, expect, it } from 'vitest';
import { documentAt } from '../support/dist.ts';
import { LOANS, PLANS, PROPERTIES } from '../support/form-pages.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { realEstateFieldsFor } from '../../src/lib/enquiry/realestate.ts';
import { localizePath } from '../../src/lib/routing/index.ts';

const formAt = (route: string, locale: Locale) => {
  const form = documentAt(localizePath(route, locale)).querySelector('form.enquiry-form');
  if (!form) throw new Error(`${localizePath(route, locale)}: no enquiry form`);
  return form;
};
const valueOf = (form: Element, name: string) => form.querySelector(`input[type="hidden"][name="${name}"]`)?.getAttribute('value');
const choicesOf = (form: Element, name: string) =>
  [...form.querySelectorAll(`input[type="radio"][name="${name}"], select[name="${name}"] option:not([value=""])`)].map((choice) =>
    choice.getAttribute('value'),
  );

describe('every enquiry page’s form, in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale}: the page and language it sends, and on the contact page too`, () => {
      for (const route of [...PROPERTIES, ...LOANS, ...PLANS].map(([path]) => path).concat('/Contactus')) {
        const form = formAt(route, locale);
        expect([valueOf(form, 'page'), valueOf(form, 'locale'), valueOf(form, 'consentLocale')], `${locale} ${route}`).toEqual([
          route,
          locale,
          locale,
        ]);
      }
    });

    it(`${locale}: a property page's intent, category and property, and the fields they give`, () => {
      for (const [route, intent, category] of PROPERTIES) {
        const form = formAt(route, locale);
        const spec = realEstateFieldsFor(intent, category);
        const where = `${locale} ${route}`;
        expect([valueOf(form, 'intent'), valueOf(form, 'category'), valueOf(form, 'property')], where).toEqual([
          intent,
          category,
          spec.property,
        ]);
        expect(choicesOf(form, 'listing'), where).toEqual([...(spec.listing ?? [])]);
        expect(choicesOf(form, 'type'), where).toEqual([...(spec.type ?? [])]);
        expect(choicesOf(form, 'cost'), where).toEqual([...spec.cost]);
        expect(choicesOf(form, 'time'), where).toEqual([...spec.time]);
        expect(form.querySelector('input[type="file"]') !== null, `${where}: photos`).toBe(spec.photos);
      }
    });

    it(`${locale}: a loan page's loan type is chosen, and a planning page's plan`, () => {
      for (const [route, loanType] of LOANS) {
        const chosen = [...formAt(route, locale).querySelectorAll('select[name="Loantype"] option[selected]')].map((o) =>
          o.getAttribute('value'),
        );
        expect(chosen, `${locale} ${route}`).toEqual([loanType]);
      }
      for (const [route, plan] of PLANS) {
        const checked = [...formAt(route, locale).querySelectorAll('input[name="Planning"][checked]')].map((o) => o.getAttribute('value'));
        expect(checked, `${locale} ${route}`).toEqual([plan]);
      }
    });
  }
});
