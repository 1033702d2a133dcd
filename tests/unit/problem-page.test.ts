/** The HTML page of problems for native form posts: the site's colours and a safe link back. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PAGE_COLOURS, backLinkFor, renderProblemPage } from '../../src/server/intake/problem-page.ts';
import { renderConfirmPage } from '../../src/server/intake/confirm-page.ts';
import { HttpError } from '../../src/server/errors.ts';
import { site } from '../../src/config/site.ts';
import { INDIC_FONT_FILES } from '../../src/styles/indic-font-sources.ts';

test('its colours are the site colours of src/styles/global.css', async () => {
  const css = await readFile(path.resolve(import.meta.dirname, '../../src/styles/global.css'), 'utf8');
  for (const [name, value] of Object.entries(PAGE_COLOURS)) {
    const declared = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
    expect(declared, `--${name} in global.css`).toBe(value);
  }
});

test.each([
  ['/Vehicleloan', '/Vehicleloan'],
  ['/Sellflats?from=menu', '/Sellflats?from=menu'],
  ['/', '/'],
  ['//elsewhere.example', '/'],
  ['/\\elsewhere.example', '/'],
  ['/.//elsewhere.example', '/elsewhere.example'],
  ['/x/..//elsewhere.example/path', '/elsewhere.example/path'],
  ['/%2e//elsewhere.example', '/elsewhere.example'],
  ['https://elsewhere.example/', '/'],
  ['javascript:alert(1)', '/'],
  ['', '/'],
  [undefined, '/'],
  [42, '/'],
])('the link back for page %j is %j', (page, link) => {
  expect(backLinkFor(page)).toBe(link);
  // Whatever it is, a browser resolves it to this site.
  expect(new URL(backLinkFor(page), 'https://aranya.example').origin).toBe('https://aranya.example');
});

test('it names the brand, says the status in plain words and escapes every text', () => {
  const html = renderProblemPage(new HttpError(422, 'x', { fields: { message: 'Say <b>hi</b> & "bye"' } }), '/Contactus');
  expect(html).toContain(`<header><a href="/">${site.name}</a></header>`);
  expect(html).toContain('<h1>Some details need attention</h1>');
  expect(html).toContain('<li><strong>Message:</strong> Say &lt;b&gt;hi&lt;/b&gt; &amp; &quot;bye&quot;</li>');
  expect(html).toContain('<meta name="robots" content="noindex">');
  expect(html).not.toMatch(/<script/i);

  const unavailable = renderProblemPage(new HttpError(503, 'We could not save your enquiry just now. Please try again in a minute.'), '/');
  expect(unavailable).toContain('<p>We could not save your enquiry just now. Please try again in a minute.</p>');
  expect(unavailable).not.toContain('<ul>');
});

test("its Tamil, Telugu or Kannada words are set in the site's own font of their script, and only that one", () => {
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1];
  const error = new HttpError(422, 'x', { fields: { message: 'x' } });
  const faces = (locale: 'en' | 'ta' | 'te' | 'kn') =>
    styleOf(renderProblemPage(error, '/Contactus', locale)).match(/@font-face\{[^}]*\}/g) ?? [];
  expect(faces('en')).toEqual([]);
  for (const locale of ['ta', 'te', 'kn'] as const) {
    expect(faces(locale), locale).toEqual([expect.stringContaining(`src:url(${INDIC_FONT_FILES[locale]}) format('woff2')`)]);
    expect(faces(locale)[0]).toContain("font-family:'Site Indic'");
  }
  expect(styleOf(renderProblemPage(error, '/Contactus', 'kn'))).toMatch(/body\{[^}]*font-family:'Site Indic',system-ui/);
});

test('the confirm page thanks the visitor by name as each language addresses a person, or without a name', () => {
  const intro = (html: string) => /<p>(.*?)<\/p>/s.exec(html)?.[1];
  expect(intro(renderConfirmPage('bankloan', { Username: 'Kota Srinivas' }, 'token', 'te'))).toMatch(
    /^Kota Srinivas గారూ, ధన్యవాదాలు\. ఇంకొక్క అడుగు/,
  );
  expect(intro(renderConfirmPage('realestate', { Username: 'Ravi Kumar' }, 'token', 'kn'))).toMatch(
    /^Ravi Kumar ಅವರೇ, ಧನ್ಯವಾದಗಳು\. ಇನ್ನೊಂದು ಹೆಜ್ಜೆ/,
  );
  expect(intro(renderConfirmPage('finance', { Username: 'Meena' }, 'token', 'ta'))).toMatch(/^நன்றி, Meena\. இன்னும் ஒரு படி/);
  expect(intro(renderConfirmPage('privacy', { Username: 'Priya' }, 'token', 'en'))).toMatch(
    /^Thank you, Priya\. One more step: please confirm that you want to send this request/,
  );
  // No name: no stray comma or honorific.
  expect(intro(renderConfirmPage('bankloan', {}, 'token', 'te'))).toMatch(/^ధన్యవాదాలు\. ఇంకొక్క అడుగు/);
  expect(intro(renderConfirmPage('contact', {}, 'token', 'en'))).toMatch(/^Thank you\. One more step/);
  // The typed name is escaped.
  expect(renderConfirmPage('contact', { Username: '<b>Ravi</b>' }, 'token', 'en')).toContain('Thank you, &lt;b&gt;Ravi&lt;/b&gt;.');
});
