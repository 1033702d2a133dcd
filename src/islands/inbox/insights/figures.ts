/**
 * What GET /api/leads/insights answers (src/server/team/insights.ts), as the browser reads it,
 * and the few words the view needs to name it.
 */
import { ENQUIRY_KINDS, type EnquiryKind } from '../../../lib/enquiry/kinds.ts';
import type { Session } from '../api.ts';

export interface Speed {
  leads: number;
  contacted: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  withinHour: number;
  withinHourShare: number | null;
  sameDay: number;
  sameDayShare: number | null;
}

export interface Ranked {
  value: string;
  leads: number;
  won: number;
  lost: number;
  wonShare: number | null;
}

export type Week = Record<EnquiryKind, number> & { week: string; spam: number; firstContact: Speed };

export interface Insights {
  from: string;
  to: string;
  timeZone: string;
  officeHours: { days: string[]; opens: string; closes: string };
  waitingAfterMinutes: number;
  total: number;
  byKind: Record<EnquiryKind, number>;
  spam: number;
  weeks: Week[];
  outcomes: Record<EnquiryKind, { leads: number; won: number; lost: number }>;
  sources: Ranked[];
  campaigns: Ranked[];
  landingPages: Ranked[];
  languages: Record<EnquiryKind, Record<string, number>>;
  firstContact: Speed & { byKind: (Speed & { kind: EnquiryKind })[]; byPerson: (Speed & { person: string })[] };
  waiting: string[];
  waitingCount: number;
  waitingLeads: { id: string; kind: EnquiryKind; name: string; receivedAt: string; clockStart: string; workingMinutes: number }[];
}

export const loadInsights = async (session: Session, range: { from: string; to: string }): Promise<Insights> => {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const response = await fetch(`/api/leads/insights?${params}`, {
    headers: { authorization: `Bearer ${session.token}` },
    cache: 'no-store',
  });
  const body = (await response.json().catch(() => ({}))) as Insights & { error?: string; fields?: Record<string, string> };
  if (!response.ok)
    throw new Error(
      [body.error, ...Object.values(body.fields ?? {})].filter(Boolean).join(' ') || `The server answered ${response.status}.`,
    );
  return body;
};

/** The divisions, as the owner names them; privacy requests are counted apart. */
export const DIVISIONS: Record<EnquiryKind, string> = {
  realestate: 'Real estate (buy and sell)',
  bankloan: 'Loans',
  finance: 'Financial planning',
  contact: 'Contact',
  privacy: 'Privacy requests',
};
export const SALES_KINDS = ENQUIRY_KINDS.filter((kind) => kind !== 'privacy');
export const LANGUAGES: [string, string][] = [
  ['en', 'English'],
  ['ta', 'Tamil'],
  ['te', 'Telugu'],
  ['kn', 'Kannada'],
];

/** Working minutes as people read them: "45 min", "2 h 05 min", "–" for none. */
export const duration = (minutes: number | null) =>
  minutes === null ? '–' : minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);
/** "8 Jun" from a YYYY-MM-DD. */
export const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
