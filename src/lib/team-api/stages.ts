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
 */
import type { EnquiryKind } from '../enquiry/kinds.ts';

/** Every stage, in pipeline order where the divisions share one. */
export const LEAD_STAGES = [
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
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Each division's pipeline, in order; the closing stages last. */
export const DIVISION_STAGES = {
  realestate: ['new', 'contacted', 'site-visit', 'negotiation', 'won', 'lost'],
  bankloan: ['new', 'contacted', 'documents', 'sent-to-lender', 'sanctioned', 'won', 'lost'],
  finance: ['new', 'contacted', 'meeting', 'proposal', 'won', 'lost'],
  contact: ['new', 'contacted', 'closed'],
  privacy: ['new', 'contacted', 'closed'],
} as const satisfies Record<EnquiryKind, readonly LeadStage[]>;

/** The stages that close a lead: a sale won or lost, or a message dealt with. */
export const CLOSING_STAGES = ['won', 'lost', 'closed'] as const satisfies readonly LeadStage[];

/** The stages in the team's words, the same in every division but the win. */
const STAGE_NAMES: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  'site-visit': 'Site visit',
  negotiation: 'Negotiation',
  documents: 'Documents',
  'sent-to-lender': 'Sent to lender',
  sanctioned: 'Sanctioned',
  meeting: 'Meeting',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
  closed: 'Closed',
};
const WON_NAMES: Partial<Record<EnquiryKind, string>> = { realestate: 'Deal signed', bankloan: 'Disbursed', finance: 'Invested' };

const isKind = (kind: string): kind is EnquiryKind => kind in DIVISION_STAGES;

/** A kind's stages (an unknown kind has every stage, so a stored value is always shown). */
export const stagesOf = (kind: string): readonly LeadStage[] => (isKind(kind) ? DIVISION_STAGES[kind] : LEAD_STAGES);

/** Whether `stage` is one of the kind's. */
export const isStageOf = (kind: string, stage: unknown): stage is LeadStage => (stagesOf(kind) as readonly unknown[]).includes(stage);

/** A stage as the team reads it on a lead of `kind`: "Site visit", "Disbursed"; a value that is no stage as it is. */
export const stageName = (kind: string, stage: string): string =>
  stage === 'won' && isKind(kind) && WON_NAMES[kind] ? WON_NAMES[kind] : ((STAGE_NAMES as Record<string, string>)[stage] ?? stage);

/** A stage in the list's filter, any division: "Won (deal signed, disbursed, invested)". */
export const anyStageName = (stage: LeadStage): string =>
  stage === 'won' ? `Won (${Object.values(WON_NAMES).join(', ').toLowerCase()})` : STAGE_NAMES[stage];

/** The divisions whose pipeline has `stage`. */
export const kindsWithStage = (stage: LeadStage): EnquiryKind[] =>
  (Object.keys(DIVISION_STAGES) as EnquiryKind[]).filter((kind) => (DIVISION_STAGES[kind] as readonly string[]).includes(stage));
