/**
 * The WhatsApp acknowledgement's approved texts: docs/deploy.md gives each language's text as it is
 * submitted to Meta, and it is the dictionary's (so the glossary governs it); the variables the
 * server fills are the ones each text has.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { LOCALES } from '../../src/i18n/locales.ts';
import { ackTemplateText } from '../../src/server/outbound/whatsapp.ts';

const deploy = readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');

test.each(LOCALES)('the %s text in docs/deploy.md is the dictionary’s, with the four variables', (locale) => {
  const text = ackTemplateText(locale);
  expect(deploy).toContain(`(\`${locale}\`) | ${text} |`);
  expect([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1])).toEqual(['first_name', 'division', 'assignee', 'call_window']);
  // Meta refuses a template that starts or ends with a variable.
  expect(text).not.toMatch(/^\{\{|\}\}[.!]?$/);
  expect(text).toContain('STOP');
});
