/** The HTML page of problems for native form posts: the site's colours and a safe link back. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PAGE_COLOURS, backLinkFor, renderProblemPage } from '../../src/server/problem-page.ts';
import { HttpError } from '../../src/server/errors.ts';
import { site } from '../../src/config/site.ts';

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
