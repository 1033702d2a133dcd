/**
 * The privacy page in every language: the "last updated" label its text quotes is the label the
 * page shows above it (the dictionary's `site.privacy.updated`), word for word.
 * The privacy request page names its three choices as the form does (`form.options`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LOCALES, dictionary } from '../../src/i18n/index.ts';

const privacyText = (locale: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../src/content/pages', locale, 'privacy.md'), 'utf8');

it.each(LOCALES)('%s: the text quotes the "last updated" label as the page shows it', (locale) => {
  const label = dictionary(locale).site.privacy.updated.replace(/[:\s]*\{date\}.*$/u, '');
  expect(label.length).toBeGreaterThan(3);
  expect(privacyText(locale)).toContain(`"${label}"`);
});

it.each(['ta', 'te', 'kn'] as const)('%s: the page says, in its own language, that the English version prevails', (locale) => {
  const english = { ta: 'ஆங்கில', te: 'ఇంగ్లీష్', kn: 'ಇಂಗ್ಲಿಷ್' }[locale];
  const { bindingVersion, englishVersion } = dictionary(locale).site.privacy;
  expect(bindingVersion).toContain(english);
  expect(englishVersion).toContain(english);
});

const requestText = (locale: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../src/content/pages', locale, 'privacy-request.md'), 'utf8');

it.each(LOCALES)("%s: the privacy request page lists the form's three choices in the form's own words", (locale) => {
  const { options } = dictionary(locale).form;
  const listed = [...requestText(locale).matchAll(/^- \*\*(.+?)[.।]?\*\*/gmu)].map((m) => m[1]);
  expect(listed).toEqual([options['withdraw-and-erase'], options.correct, options.access]);
});
