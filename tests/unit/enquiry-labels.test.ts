/**
 * FIELD_LABELS and the CSV columns are lists of wire fields; these tests hold them to the
 * schemas, so a field added to a schema cannot be left out of the team's e-mail or the export.
 */
import { describe, expect, test } from 'vitest';
import { ENQUIRY_KINDS, FIELD_LABELS, HONEYPOT_FIELD, LEAD_FIELDS, enquirySchemas, type Enquiry } from '../../src/lib/enquiry/index.ts';
import { ATTRIBUTION_FIELDS } from '../../src/lib/attribution.ts';
import { en } from '../../src/i18n/en.ts';
import { CSV_COLUMNS, CSV_META_COLUMNS } from '../../src/server/team/csv.ts';
import { buildLeadRecord } from '../../src/server/db/lead-record.ts';
import { summarise } from '../../src/server/outbound/team-email.ts';
import { valid } from '../../harness/sample-enquiries.ts';

const schemaFields = (kind: (typeof ENQUIRY_KINDS)[number]) => Object.keys(enquirySchemas[kind].shape);
const allSchemaFields = new Set(ENQUIRY_KINDS.flatMap(schemaFields));

describe.each(ENQUIRY_KINDS)('%s', (kind) => {
  test('every schema field has a label: stored ones for the team, refusable ones on the problem page', () => {
    expect(
      schemaFields(kind).filter((field) => !(field in FIELD_LABELS) && !(field in en.problem.fields) && field !== HONEYPOT_FIELD),
    ).toEqual([]);
    // Fields that never refuse an enquiry need no problem-page label.
    const neverRefused = new Set<string>([HONEYPOT_FIELD, 'locale', 'consentLocale', ...ATTRIBUTION_FIELDS]);
    expect(schemaFields(kind).filter((field) => !neverRefused.has(field) && !(field in en.problem.fields))).toEqual([]);
  });

  test('every field of a stored lead is a CSV column, and every wire field of it is in the e-mail summary', () => {
    const parsed: Enquiry = enquirySchemas[kind].parse(valid[kind]());
    const record = buildLeadRecord(kind, parsed, '2025-01-05T10:00:00.000Z', { via: 'html', photos: ['x/1.jpg'], spam: 'honeypot' });
    expect(Object.keys(record).filter((key) => !(CSV_COLUMNS as readonly string[]).includes(key))).toEqual([]);
    const summary = summarise(record);
    for (const field of Object.keys(record).filter((key) => !(CSV_META_COLUMNS as readonly string[]).includes(key))) {
      expect(summary, field).toContain(`${FIELD_LABELS[field as keyof typeof FIELD_LABELS]}: `);
    }
  });
});

test('no label or column names a field that no schema has (photos is the upload, replyBy the server sets)', () => {
  expect(LEAD_FIELDS.filter((field) => !['photos', 'replyBy'].includes(field) && !allSchemaFields.has(field))).toEqual([]);
  expect(Object.keys(en.problem.fields).filter((field) => !['_form', 'photos'].includes(field) && !allSchemaFields.has(field))).toEqual([]);
});

test('the CSV has each column once: metadata (with via), then the lead fields in reading order, then later additions', () => {
  expect(new Set(CSV_COLUMNS).size).toBe(CSV_COLUMNS.length);
  expect(CSV_COLUMNS.slice(0, CSV_META_COLUMNS.length)).toEqual([...CSV_META_COLUMNS]);
  expect(CSV_COLUMNS).toContain('via');
  const later = [
    'notifyHeld',
    'locale',
    'consentLocale',
    'webhookSent',
    'webhookError',
    'webhookGaveUp',
    'status',
    'note',
    'statusBy',
    'statusAt',
    'releasedBy',
    'callTime',
    'callLanguage',
    'Monthly',
    'ackedAt',
    'request',
    'reference',
    'replyBy',
    'personId',
    'repeatOf',
    'source',
    'referredBy',
    'referredFrom',
    'referralNote',
    'consentGroup',
    'consentWhatsapp',
    'withdrawGroup',
    'withdrawWhatsapp',
    'assignee',
    'assigneeId',
    'assignedAt',
    'firstContactDueAt',
    'firstContactAt',
    'followUpAt',
    'lostReason',
  ];
  expect(CSV_COLUMNS.slice(CSV_META_COLUMNS.length, CSV_COLUMNS.length - later.length)).toEqual(
    LEAD_FIELDS.filter((f) => !later.includes(f)),
  );
  expect(CSV_COLUMNS.slice(-later.length)).toEqual(later);
});

test('the CSV adds later columns at its end, in the order they came: languages, webhook, the work of the team, the call back, the monthly investment band, the acknowledgement, the privacy request, the person, the assignee, the follow-up, the lost reason', () => {
  const at = (column: string) => (CSV_COLUMNS as readonly string[]).indexOf(column);
  expect(at('locale')).toBe(at('notifyHeld') + 1);
  expect(at('webhookSent')).toBeGreaterThan(at('consentLocale'));
  expect(at('status')).toBeGreaterThan(at('webhookGaveUp'));
  expect(at('callTime')).toBe(at('releasedBy') + 1);
  expect(CSV_COLUMNS.slice(-24, -17)).toEqual(['callTime', 'callLanguage', 'Monthly', 'ackedAt', 'request', 'reference', 'replyBy']);
  expect(CSV_COLUMNS.slice(-17, -7)).toEqual([
    'personId',
    'repeatOf',
    'source',
    'referredBy',
    'referredFrom',
    'referralNote',
    'consentGroup',
    'consentWhatsapp',
    'withdrawGroup',
    'withdrawWhatsapp',
  ]);
  expect(CSV_COLUMNS.slice(-7)).toEqual([
    'assignee',
    'assigneeId',
    'assignedAt',
    'firstContactDueAt',
    'firstContactAt',
    'followUpAt',
    'lostReason',
  ]);
});
