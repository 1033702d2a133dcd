/**
 * The query of GET /api/leads (and `npm run leads:export`): kind, from, to, format, spam, page,
 * status, q, order, limit and cursor, parsed and checked; the errors name each bad parameter. The
 * cursor is opaque to the caller (header X-Next-Cursor, and `nextCursor` in JSON): it names the
 * last lead handed out.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ownerTokenSetting } from '../settings.ts';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../lib/enquiry/index.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../lib/team-api/vocabulary.ts';
import { CONSENT_VERSIONS } from '../../lib/consent.ts';
import type { Cursor, ExportQuery, PageQuery } from '../db/lead-pages.ts';
import { endOfIndiaDay } from '../working-time.ts';

/** The last day a range may name: the day after it must still be a date Postgres reads (year 9999). */
export const LAST_DAY = '9999-12-30';
/**
 * The first day a range may name. Postgres has no year 0000, and India's midnight of 0001-01-01
 * is still in it; no lead is older than the site, so a range begins in 1900 at the earliest.
 */
export const FIRST_DAY = '1900-01-01';

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Why a date parameter is refused, or null: written YYYY-MM-DD, a real day, FIRST_DAY to LAST_DAY. */
export const dateProblem = (name: string, value: string): string | null => {
  if (!isDate(value)) return `${name} must be a date written YYYY-MM-DD`;
  if (value < FIRST_DAY) return `${name} must be no earlier than ${FIRST_DAY}`;
  if (value > LAST_DAY) return `${name} must be no later than ${LAST_DAY}`;
  return null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses kind, from, to, format, spam, page, status, q, assignee, order and view; the errors name each bad parameter. */
export const parseExportQuery = (params: URLSearchParams): { query: ExportQuery } | { errors: Record<string, string> } => {
  const errors: Record<string, string> = {};
  const kind = params.get('kind') ?? '';
  if (kind !== '' && !(ENQUIRY_KINDS as readonly string[]).includes(kind)) errors.kind = `kind must be one of ${ENQUIRY_KINDS.join(', ')}`;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    const problem = value === '' ? null : dateProblem(name, value);
    if (problem) errors[name] = problem;
  }
  if (!errors.from && !errors.to && from && to && from > to) errors.to = 'to must not be before from';
  const format = params.get('format') || 'csv';
  if (format !== 'csv' && format !== 'json') errors.format = 'format must be csv or json';
  const spam = params.get('spam') ?? '';
  if (!['', '0', '1', 'true', 'false', 'only'].includes(spam)) errors.spam = 'spam must be 1, 0 or only';
  const page = params.get('page') ?? '';
  if (page !== '' && !/^\/[\w/-]{0,100}$/.test(page)) errors.page = 'page must be a page address such as /Flats';
  const status = params.get('status') ?? '';
  if (status !== '' && !(LEAD_STATUSES as readonly string[]).includes(status))
    errors.status = `status must be one of ${LEAD_STATUSES.join(', ')}`;
  const text = (params.get('q') ?? '').trim();
  if (text.length > 100) errors.q = 'q must be at most 100 characters';
  else if (text.includes('\u0000')) errors.q = 'q must not hold U+0000 (NUL)';
  const assignee = params.get('assignee') ?? '';
  if (assignee !== '' && assignee !== 'me' && assignee !== 'owner' && !UUID.test(assignee))
    errors.assignee = "assignee must be me, owner (the owner's first key) or a member's id";
  const order = params.get('order') || 'oldest';
  if (order !== 'oldest' && order !== 'newest') errors.order = 'order must be oldest or newest';
  const view = params.get('view') ?? '';
  if (view !== '' && view !== 'due') errors.view = 'view must be due (the follow-ups due today and overdue)';
  const dueBy = params.get('dueBy') ?? '';
  const dueByMs = Date.parse(dueBy);
  if (
    dueBy !== '' &&
    (view !== 'due' || !/^\d{4}-\d{2}-\d{2}T/.test(dueBy) || !Number.isFinite(dueByMs) || !isInstant(new Date(dueByMs).toISOString()))
  )
    errors.dueBy = 'dueBy must be a date and time (ISO 8601), with view=due';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    query: {
      kinds: kind ? [kind as EnquiryKind] : ENQUIRY_KINDS,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      format: format as 'csv' | 'json',
      spam: spam === 'only' ? 'only' : spam === '1' || spam === 'true',
      ...(page ? { page } : {}),
      ...(status ? { status: status as LeadStatus } : {}),
      ...(text ? { text } : {}),
      ...(assignee ? { assignee: assignee === 'owner' ? { id: null } : { id: assignee } } : {}),
      order: order as 'oldest' | 'newest',
      ...(view === 'due'
        ? { view: { due: true as const, dueBy: dueBy ? new Date(dueBy).toISOString() : endOfIndiaDay(new Date().toISOString()) } }
        : {}),
    },
  };
};

export const PAGE_LIMIT = { default: 500, max: 2000 } as const;

/**
 * Cursors are signed (HMAC-SHA256 with a key derived from the owner's key): a cursor the
 * server did not hand out is refused, so nobody starts an export "halfway" to keep it out of the
 * team's log. `exported` says the walk is an export whose first page is in the log.
 */
const cursorKey = () => createHash('sha256').update(`cursor:${ownerTokenSetting().value}`).digest();
const signed = (payload: string) => createHmac('sha256', cursorKey()).update(payload).digest('base64url');

export const encodeCursor = ({ at, id, exported }: Cursor) => {
  const payload = Buffer.from(JSON.stringify({ at, id, ...(exported ? { e: 1 } : {}) })).toString('base64url');
  return `${payload}.${signed(payload)}`;
};

/**
 * A time as the server writes it (toISOString: `2026-12-02T10:15:00.000Z`), of a real instant
 * from FIRST_DAY to LAST_DAY: anything else (`2026-99-99T99:99:99Z`, the year 0000) is refused
 * here, never handed to Postgres to fail as a 503.
 */
const isInstant = (at: string) => {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && new Date(ms).toISOString() === at && at >= FIRST_DAY && at.slice(0, 10) <= LAST_DAY;
};

export const decodeCursor = (cursor: string): Cursor | null => {
  const [payload, signature, ...rest] = cursor.split('.');
  if (rest.length > 0 || !payload || !signature) return null;
  const expected = Buffer.from(signed(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { at, id, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof at === 'string' && isInstant(at) && typeof id === 'string' && UUID.test(id)
      ? { at, id, ...(e === 1 ? { exported: true } : {}) }
      : null;
  } catch {
    return null;
  }
};

/** The export parameters plus limit and cursor; errors name each bad parameter. */
export const parsePageQuery = (params: URLSearchParams): { query: PageQuery } | { errors: Record<string, string> } => {
  const parsed = parseExportQuery(params);
  const errors: Record<string, string> = 'errors' in parsed ? { ...parsed.errors } : {};
  const limitText = params.get('limit') ?? '';
  const limit = limitText === '' ? PAGE_LIMIT.default : Number(limitText);
  if (!/^\d*$/.test(limitText) || !Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT.max) {
    errors.limit = `limit must be a whole number from 1 to ${PAGE_LIMIT.max}`;
  }
  const cursorText = params.get('cursor') ?? '';
  const after = cursorText === '' ? undefined : decodeCursor(cursorText);
  if (after === null) errors.cursor = 'cursor must be the nextCursor of an earlier page, unchanged';
  if (Object.keys(errors).length > 0 || 'errors' in parsed) return { errors };
  return { query: { ...parsed.query, limit, ...(after ? { after } : {}) } };
};

/** Parses `consentNotice=<version>`: which notice's text to show instead of leads. */
export const consentNoticeParam = (params: URLSearchParams): { version: string } | { errors: Record<string, string> } | null => {
  const version = params.get('consentNotice');
  if (version === null) return null;
  return (CONSENT_VERSIONS as readonly string[]).includes(version)
    ? { version }
    : { errors: { consentNotice: `consentNotice must be one of ${CONSENT_VERSIONS.join(', ')}` } };
};
