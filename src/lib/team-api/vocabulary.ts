/**
 * The team's words and values, shared by the server (src/server/team, the digest, the team's
 * e-mail) and the inbox (src/islands/inbox): the roles, a lead's statuses, the actions of the
 * team's log, the kinds as the team names them, and how a span of working time is written.
 * Declared once here; the wire types of /api/leads are in wire.ts beside it.
 */
import { ENQUIRY_KINDS, type EnquiryKind } from '../enquiry/kinds.ts';
import type { CallLanguage } from '../enquiry/options.ts';
import { TEAM_ROUTES } from '../routing/team-routes.ts';

/** Who may do what in /leads: `sales` reads and works leads; `owner` also exports, erases and manages the people. */
export const TEAM_ROLES = ['sales', 'owner'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * Where the team is with a lead (the inbox at /leads): its stage, one of its division's (each
 * division's pipeline and the stages' names are in stages.ts); a lead nobody has touched is `new`.
 * Every stage of every division, in pipeline order where the divisions share one.
 */
export const LEAD_STATUSES = [
  'new',
  'contacted',
  'site-visit',
  'negotiation',
  'documents',
  'sent-to-lender',
  'sanctioned',
  'meeting',
  'proposal',
  'won',
  'lost',
  'closed',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The statuses that close a lead: won and lost (a sale's outcomes, which Insights reads), and closed (a message dealt with). Every other status but `new` is a working one, which must have a next follow-up. */
/** Why a lead was lost: every division's reasons (each division's own short list is in stages.ts). */
export const LOST_REASONS = [
  'price',
  'location',
  'loan-rejected',
  'interest-rate',
  'fees',
  'bought-elsewhere',
  'not-reachable',
  'not-interested',
] as const;
export type LostReason = (typeof LOST_REASONS)[number];
export const CLOSED_STATUSES = ['won', 'lost', 'closed'] as const satisfies readonly LeadStatus[];
export const isClosedStatus = (status: string): boolean => (CLOSED_STATUSES as readonly string[]).includes(status);
export const isWorkingStatus = (status: string): boolean => status !== 'new' && !isClosedStatus(status);

/** What the team's log records (db/team-log.ts). */
export const TEAM_ACTIONS = [
  'work',
  'release',
  'erase',
  'export',
  'add-member',
  'remove-member',
  'lockout',
  'read-limit',
  // One person across the group (team/merges.ts, duplicates.ts, referrals.ts, erase.ts).
  'merge',
  'unmerge',
  'dismiss-pair',
  'refer',
  'erase-person',
  // Routing (src/server/team/routing-api.ts): a lead given to someone by hand, a member's routing settings.
  'assign',
  'set-member',
  // Follow-ups (src/server/team/attempts.ts): a call, WhatsApp message or e-mail recorded.
  'attempt',
  // WhatsApp (src/server/intake/whatsapp-webhook.ts): a text from a number we hold no person for, a possible lead for the owner.
  'whatsapp-unknown',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/**
 * Each kind as the team names it: its division (Insights, the morning digest, the inbox's filter)
 * and one lead of it (the inbox's list and lead page, the team's e-mail).
 */
export const KIND_NAMES = {
  realestate: { division: 'Real estate (buy and sell)', lead: 'Property enquiry' },
  bankloan: { division: 'Loans', lead: 'Bank loan enquiry' },
  finance: { division: 'Financial planning', lead: 'Financial planning enquiry' },
  contact: { division: 'Contact', lead: 'Contact message' },
  privacy: { division: 'Privacy requests', lead: 'Privacy request' },
} as const satisfies Record<EnquiryKind, { division: string; lead: string }>;

const isEnquiryKind = (value: string): value is EnquiryKind => ENQUIRY_KINDS.some((kind) => kind === value);

/** A kind's names, for any stored kind (a value that is no kind is shown as it is). */
export const kindNames = (kind: string): { division: string; lead: string } =>
  isEnquiryKind(kind) ? KIND_NAMES[kind] : { division: kind, lead: kind };

/** The divisions a lead may be referred to, for the same person (POST /api/leads/<id>/referrals). */
export const REFERRAL_KINDS = ['realestate', 'bankloan', 'finance'] as const satisfies readonly EnquiryKind[];
export type ReferralKind = (typeof REFERRAL_KINDS)[number];

/** The kinds the speed of first contact, the sources and the waiting list are about: privacy requests are counted apart. */
export const SALES_KINDS: readonly EnquiryKind[] = ENQUIRY_KINDS.filter((kind) => kind !== 'privacy');

/** Working minutes as people read them: "45 min", "2 h 05 min", "–" for none. */
export const durationText = (minutes: number | null): string =>
  minutes === null ? '–' : minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;

/** What routing did, in a lead's history (src/server/intake/assign.ts, jobs/first-contact.ts). */
export const ROUTING_EVENTS = ['reassigned', 'reminded', 'escalated'] as const;
export type RoutingEvent = (typeof ROUTING_EVENTS)[number];
/** Every event of a lead's history besides a change of status or note: routing's, and an attempt to reach the person. */
export const HISTORY_EVENTS = [...ROUTING_EVENTS, 'attempt'] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

/** How a member tried to reach the person (POST /api/leads/<id>/attempts). */
export const ATTEMPT_CHANNELS = ['call', 'whatsapp', 'email'] as const;
export type AttemptChannel = (typeof ATTEMPT_CHANNELS)[number];
/** What came of it: one tap each in the inbox's sheet. */
export const ATTEMPT_OUTCOMES = ['connected', 'no-answer', 'busy', 'switched-off', 'wrong-number', 'call-back'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
/** The channels and outcomes in the team's words (the history, the inbox, the digest). */
export const ATTEMPT_CHANNEL_NAMES: Record<AttemptChannel, string> = { call: 'Call', whatsapp: 'WhatsApp', email: 'E-mail' };
export const ATTEMPT_OUTCOME_NAMES: Record<AttemptOutcome, string> = {
  connected: 'Connected',
  'no-answer': 'No answer',
  busy: 'Busy',
  'switched-off': 'Switched off',
  'wrong-number': 'Wrong number',
  'call-back': 'Call back at…',
};
/** The attempts a lead is given before it may be closed as unreachable ("Attempt 3 of 6"). */
export const ATTEMPTS_TARGET = 6;

/**
 * Where a lead's WhatsApp acknowledgement stands (GET /api/leads/<id>'s `whatsapp`): being tried,
 * one of Meta's statuses (sent, delivered, read, failed; never backwards), or not sent (a daily
 * limit, or the person stopped WhatsApp messages). A delivery that gave up is `failed`.
 */
export const WHATSAPP_ACK_STATES = ['sending', 'sent', 'delivered', 'read', 'failed', 'not-sent'] as const;
export type WhatsAppAckState = (typeof WHATSAPP_ACK_STATES)[number];

/** The languages a member calls in: the site's four and Hindi, by code. */
export const MEMBER_LANGUAGES = ['en', 'ta', 'te', 'kn', 'hi'] as const;
export type MemberLanguage = (typeof MEMBER_LANGUAGES)[number];
export const MEMBER_LANGUAGE_NAMES: Record<MemberLanguage, string> = {
  en: 'English',
  ta: 'Tamil',
  te: 'Telugu',
  kn: 'Kannada',
  hi: 'Hindi',
};
/** The visitor's call-back language (the form's value, in English) as a member's language. */
export const CALL_LANGUAGE_CODES: Record<CallLanguage, MemberLanguage> = {
  English: 'en',
  Tamil: 'ta',
  Telugu: 'te',
  Kannada: 'kn',
  Hindi: 'hi',
};

/** What a new member takes when nobody says: every sales kind (privacy requests go to the owner), in English. */
export const DEFAULT_MEMBER_KINDS: readonly EnquiryKind[] = SALES_KINDS;
export const DEFAULT_MEMBER_LANGUAGES: readonly MemberLanguage[] = ['en'];
/** The largest daily cap. */
export const DAILY_CAP_MAX = 10_000;

/** The inbox's address of one lead, which a push alert opens. */
export const leadLink = (id: string) => `${TEAM_ROUTES.inbox}#lead=${id}`;
