import { describe, expect, it } from 'vitest';
import { formLanguage } from '../../src/islands/forms/props.ts';
import { optionLabel } from '../../src/islands/forms/language.ts';
import { en } from '../../src/i18n/en.ts';
import { ta } from '../../src/i18n/ta.ts';

describe("a form island's language (formLanguage)", () => {
  it('ships only option labels that differ from their value, and the island still shows every option', () => {
    const english = formLanguage('en');
    for (const [value, label] of Object.entries(english.words.options)) expect(label).not.toBe(value);
    expect(Object.keys(english.words.options).length).toBeLessThan(Object.keys(en.form.options).length / 4);
    for (const [value, label] of Object.entries(en.form.options)) expect(optionLabel(english.words, value)).toBe(label);

    const tamil = formLanguage('ta');
    for (const [value, label] of Object.entries(ta.form.options)) expect(optionLabel(tamil.words, value)).toBe(label);
    expect(optionLabel(tamil.words, 'Immediate')).not.toBe('Immediate');
  });

  it("carries the page's language and falls back to English for an unknown one", () => {
    expect(formLanguage('te').locale).toBe('te');
    expect(formLanguage(undefined).locale).toBe('en');
    expect(formLanguage('fr').messages).toEqual(en.messages);
  });
});
