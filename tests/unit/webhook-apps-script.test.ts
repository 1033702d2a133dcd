/**
 * The Google Apps Script receiver of docs/webhook.md, run as written (in a Node VM, with Apps
 * Script's Utilities, ContentService and a sheet played by small stand-ins): it accepts a delivery
 * signed as the pipeline signs it (src/server/outbound/webhook.ts), refuses a changed one, an old
 * one or another secret's, and writes a value that starts a formula as text, as the CSV does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { expect, test } from 'vitest';
import { signature } from '../../src/server/outbound/webhook.ts';
import { csvCell } from '../../src/server/team/csv.ts';

const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/webhook.md'), 'utf8');
const section = docs.slice(docs.indexOf('## Google Sheets (Apps Script)'));
const script = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const COLUMNS = ['id', 'kind', 'Username', 'message'];

/** The script in a context of its own, with its secret set and a sheet that records its rows. */
const receiver = (secret = SECRET) => {
  const rows: unknown[][] = [COLUMNS];
  const sheet = {
    getLastColumn: () => COLUMNS.length,
    getRange: (a1: string | number) => ({
      getValues: () => (a1 === 'A:A' ? rows.map((row) => [row[0]]) : [COLUMNS]),
    }),
    appendRow: (row: unknown[]) => rows.push(row),
  };
  const context = vm.createContext({
    Utilities: {
      base64Decode: (text: string) => [...Buffer.from(text, 'base64')],
      base64Encode: (bytes: number[]) => Buffer.from(bytes).toString('base64'),
      newBlob: (text: string) => ({ getBytes: () => [...Buffer.from(text, 'utf8')] }),
      computeHmacSha256Signature: (value: number[], key: number[]) => [
        ...createHmac('sha256', Buffer.from(key)).update(Buffer.from(value)).digest(),
      ],
    },
    ContentService: { createTextOutput: (text: string) => text },
    SpreadsheetApp: { getActiveSpreadsheet: () => ({ getSheets: () => [sheet] }) },
  });
  vm.runInContext(script.replace(/^const SECRET = .*$/m, `const SECRET = ${JSON.stringify(secret)};`), context);
  return { doPost: (e: unknown) => vm.runInContext('doPost', context)(e) as string, rows };
};

/** A delivery as callWebhook sends it to Apps Script: the signing values in the query. */
const delivery = (lead: Record<string, string>, timestamp = Math.floor(Date.now() / 1000)) => {
  const body = JSON.stringify(lead);
  const id = crypto.randomUUID();
  return {
    parameter: {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(SECRET, id, String(timestamp), body),
    },
    postData: { contents: body },
  };
};

test('the sample is in the docs, with its secret line', () => {
  expect(script).toMatch(/^const SECRET = /m);
  expect(script).toContain('function doPost(e)');
});

test('a signed delivery is added once, every formula starter written as text as the CSV writes it', () => {
  const { doPost, rows } = receiver();
  const starters = ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', '\tx', '\rx'];
  starters.forEach((text, i) => {
    const e = delivery({ id: `lead-${i}`, kind: 'contact', Username: text, message: 'plain' });
    expect(doPost(e)).toBe('ok');
    expect(doPost(e)).toBe('ok'); // the same lead again: not added twice
  });
  expect(rows.slice(1)).toEqual(starters.map((text, i) => [`lead-${i}`, 'contact', `'${text}`, 'plain']));
  // The same rule as the CSV export (whose cells may also be in double quotes).
  for (const text of starters) expect(csvCell(text)).toMatch(/^"?'/);
});

test('a changed body, an old timestamp or another secret is refused and adds nothing', () => {
  const { doPost, rows } = receiver();
  const changed = delivery({ id: 'a', kind: 'contact', Username: 'Priya', message: '' });
  changed.postData.contents = changed.postData.contents.replace('Priya', 'Mallory');
  expect(doPost(changed)).toBe('refused');
  expect(doPost(delivery({ id: 'b', kind: 'contact', Username: 'Priya', message: '' }, Math.floor(Date.now() / 1000) - 600))).toBe(
    'refused',
  );
  expect(receiver(`whsec_${randomBytes(32).toString('base64')}`).doPost(delivery({ id: 'c', kind: 'x', Username: 'y', message: '' }))).toBe(
    'refused',
  );
  expect(rows).toHaveLength(1);
});
