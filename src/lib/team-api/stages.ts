/**
 * Each division's own stages: the one place they are named. A lead's `status` is its stage, a
 * wire value in English, one of its kind's list below; the inbox shows it in the team's words.
 *
 * - `new` starts every pipeline and `contacted` follows it in every division.
 * - `won` and `lost` close a sale (the outcomes Insights reads), whatever the division calls the
 *   win: a property deal signed, a loan disbursed, money invested.
 * - A contact message or a privacy request has no sale: it ends `closed`.
 * - Every stage between `new` and a closing one is a working stage, which must have a next
 *   follow-up (followUpAt).
 * Every stage's wire value is listed once more in vocabulary.ts (LEAD_STATUSES: the API's enum
 * and the list's filter), which the pipelines below are checked against; this module stays out
 * of the inbox's first screen (only a lead's page and a person's page load it).
 */
import type { EnquiryKind } from '../enquiry/kinds.ts';
import { LEAD_STATUSES as LEAD_STAGES, type LeadStatus as LeadStage, type LostReason } from './vocabulary.ts';

/** A sale's pipeline: new, contacted, the division's own stages, then won or lost. */
const sale = <const Own extends readonly LeadStage[]>(...own: Own) => ['new', 'contacted', ...own, 'won', 'lost'] as const;

/** Each division's pipeline, in order; the closing stages last. */
export const DIVISION_STAGES = {
  realestate: sale('site-visit', 'negotiation'),
  bankloan: sale('documents', 'sent-to-lender', 'sanctioned'),
  finance: sale('meeting', 'proposal'),
  contact: ['new', 'contacted', 'closed'],
  privacy: ['new', 'contacted', 'closed'],
} as const satisfies Record<EnquiryKind, readonly LeadStage[]>;

/**
 * The stages in the team's words: the wire value written as a phrase ("site-visit": "Site visit",
 * "sent-to-lender": "Sent to lender"), and the win as each division calls it.
 */
const WON_NAMES: Partial<Record<string, string>> = { realestate: 'Deal signed', bankloan: 'Disbursed', finance: 'Invested' };
const phrase = (value: string) => value[0].toUpperCase() + value.slice(1).replaceAll('-', ' ');

/** A kind's stages (an unknown kind has every stage, so a stored value is always shown). */
export const stagesOf = (kind: string): readonly LeadStage[] => DIVISION_STAGES[kind as EnquiryKind] ?? LEAD_STAGES;

/** Why a lead of each division may be lost: a short list, one tap each; a contact message or privacy request is never lost. */
export const DIVISION_LOST_REASONS = {
  realestate: ['price', 'location', 'loan-rejected', 'bought-elsewhere', 'not-reachable', 'not-interested'],
  bankloan: ['loan-rejected', 'interest-rate', 'bought-elsewhere', 'not-reachable', 'not-interested'],
  finance: ['fees', 'bought-elsewhere', 'not-reachable', 'not-interested'],
  contact: [],
  privacy: [],
} as const satisfies Record<EnquiryKind, readonly LostReason[]>;

/** The reasons in the team's words (a loan or a plan is taken elsewhere, a property bought elsewhere). */
const LOST_REASON_NAMES: Record<LostReason, string> = {
  price: 'Price',
  location: 'Location',
  'loan-rejected': 'Loan rejected',
  'interest-rate': 'Interest rate',
  fees: 'Fees',
  'bought-elsewhere': 'Went elsewhere',
  'not-reachable': 'Not reachable',
  'not-interested': 'Not interested',
};

/** A kind's lost reasons (none for an unknown kind). */
export const lostReasonsOf = (kind: string): readonly LostReason[] => DIVISION_LOST_REASONS[kind as EnquiryKind] ?? [];

/** A reason as the team reads it; a value that is no reason as it is. */
export const lostReasonName = (reason: string): string => (LOST_REASON_NAMES as Record<string, string>)[reason] ?? reason;

/** Whether `stage` is one of the kind's. */
export const isStageOf = (kind: string, stage: unknown): stage is LeadStage => (stagesOf(kind) as readonly unknown[]).includes(stage);

/** A stage as the team reads it on a lead of `kind`: "Site visit", "Disbursed". */
export const stageName = (kind: string, stage: string): string => (stage === 'won' && WON_NAMES[kind]) || phrase(stage);

/** The divisions whose pipeline has `stage`. */
export const kindsWithStage = (stage: LeadStage): EnquiryKind[] =>
  (Object.keys(DIVISION_STAGES) as EnquiryKind[]).filter((kind) => (DIVISION_STAGES[kind] as readonly string[]).includes(stage));
