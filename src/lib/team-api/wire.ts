/**
 * The contract of the team's API (/api/leads and everything under it): every answer and body, as
 * zod schemas and the types they give. The server builds its answers to these types (`satisfies`
 * in src/server/team/); the inbox (src/islands/inbox/api.ts) reads them through one typed call
 * and imports only the types, so no schema reaches the browser; tests/functions/team-api-contract.test.ts
 * checks the server's real answers against the schemas, so a field one side adds, drops or
 * renames fails there.
 */
import * as z from 'zod/mini';
import { ENQUIRY_KINDS, type EnquiryKind } from '../enquiry/kinds.ts';
import type { LeadRecord } from '../enquiry/lead-record.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { CONSENT_ACTIONS, CONSENT_PURPOSES } from '../enquiry/consent-purposes.ts';
import {
  ATTEMPT_CHANNELS,
  ATTEMPT_OUTCOMES,
  HISTORY_EVENTS,
  LEAD_STATUSES,
  LOST_REASONS,
  MEMBER_LANGUAGES,
  REFERRAL_KINDS,
  TEAM_ACTIONS,
  TEAM_ROLES,
  WHATSAPP_ACK_STATES,
} from './vocabulary.ts';

const kind = z.enum(ENQUIRY_KINDS);
const role = z.enum(TEAM_ROLES);
/** A time as the server writes it (ISO 8601, UTC). */
const time = z.iso.datetime();
const day = z.iso.date();
/** A field's message, by field name (a 400, 409, 412 or 422). */
const fieldMessages = z.record(z.string(), z.string());
/** One value per kind, every kind. */
const perKind = <S extends z.core.SomeType>(schema: S) =>
  z.strictObject({
    realestate: schema,
    bankloan: schema,
    finance: schema,
    contact: schema,
    privacy: schema,
  } satisfies Record<EnquiryKind, S>);

/**
 * A lead as the API answers it: the one record type (src/lib/enquiry/lead-record.ts). Its shape
 * is declared there from the kinds' schemas; here its own fields are checked and the rest kept.
 */
const leadMeta = z.looseObject({
  id: z.uuid(),
  kind,
  receivedAt: time,
  page: z.string(),
  via: z.enum(['js', 'html']),
  status: z.optional(z.enum(LEAD_STATUSES)),
  history: z.optional(
    z.array(
      z.strictObject({
        status: z.enum(LEAD_STATUSES),
        note: z.string(),
        by: z.string(),
        at: time,
        event: z.optional(z.enum(HISTORY_EVENTS)),
        detail: z.optional(z.string()),
      }),
    ),
  ),
  assignee: z.optional(z.strictObject({ id: z.nullable(z.uuid()), name: z.string() })),
  assignedAt: z.optional(time),
  firstContactDueAt: z.optional(time),
  firstContactAt: z.optional(time),
  followUpAt: z.optional(time),
  lostReason: z.optional(z.enum(LOST_REASONS)),
});
export const leadSchema = z.custom<LeadRecord>((value) => leadMeta.safeParse(value).success);

/** Any answer that is not 2xx: the server's words, and each field at fault. */
export const problemSchema = z.looseObject({ error: z.string(), fields: z.optional(fieldMessages) });
export type ApiProblem = z.infer<typeof problemSchema>;

/** GET /api/leads/me: whose key this is. */
export const signedInSchema = z.strictObject({ name: z.string(), role });
export type SignedIn = z.infer<typeof signedInSchema>;

/** GET /api/leads?format=json: one page of leads, and the cursor of the next (also in X-Next-Cursor). */
export const leadPageSchema = z.strictObject({
  count: z.number(),
  nextCursor: z.nullable(z.string()),
  leads: z.array(leadSchema),
  /** How many enquiries (not spam) each person on the page has, by person id: the list's "+2". */
  personLeads: z.record(z.string(), z.number()),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

/** GET /api/leads?consentNotice=<version>: that notice's text (null for a version whose text is not kept). */
export const consentNoticeSchema = z.strictObject({ version: z.string(), text: z.nullable(z.string()) });
export type ConsentNotice = z.infer<typeof consentNoticeSchema>;

/** PATCH /api/leads/<id> and POST /api/leads/<id>/release: the lead and its version (also the ETag); GET adds the person's (leadViewSchema). */
export const leadEnvelopeSchema = z.strictObject({ lead: leadSchema, etag: z.string() });
export type LeadEnvelope = z.infer<typeof leadEnvelopeSchema>;

/** PATCH /api/leads/<id>'s 412: someone changed the lead meanwhile; here it is as it is now. */
export const leadConflictSchema = z.strictObject({ error: z.string(), fields: fieldMessages, lead: leadSchema, etag: z.string() });
export type LeadConflict = z.infer<typeof leadConflictSchema>;

/** PATCH /api/leads/<id>'s body (with If-Match: the etag it was read with). */
export const workChangeSchema = z.strictObject({
  status: z.optional(z.enum(LEAD_STATUSES)),
  note: z.optional(z.string()),
  /** The next follow-up (null: none, which only a lead that is new or closed may have). */
  followUpAt: z.optional(z.nullable(time)),
  /** Why it was lost: with status lost, one of its division's reasons (required). */
  lostReason: z.optional(z.enum(LOST_REASONS)),
});
export type WorkChange = z.infer<typeof workChangeSchema>;

/** Who a lead is assigned to: a member (their id and name), or the owner's key (no id, the name 'Owner'). */
export const assigneeSchema = z.strictObject({ id: z.nullable(z.uuid()), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** A member's routing: the kinds they take, the languages they call in, whether they may be given leads now, their daily cap. */
export const memberRoutingSchema = z.strictObject({
  kinds: z.array(kind),
  languages: z.array(z.enum(MEMBER_LANGUAGES)),
  available: z.boolean(),
  dailyCap: z.nullable(z.number()),
});
export type MemberRouting = z.infer<typeof memberRoutingSchema>;

/** PATCH /api/leads/team/<id>'s body: any of a member's routing settings. */
export const routingChangeSchema = z.partial(memberRoutingSchema);
export type RoutingChange = z.infer<typeof routingChangeSchema>;

/** POST /api/leads/<id>/assign's body: the member to give the lead to (null: the owner's key). */
export const reassignSchema = z.strictObject({ memberId: z.nullable(z.uuid()) });
export type Reassign = z.infer<typeof reassignSchema>;

/** POST /api/leads/push's body: a browser's PushSubscription as its toJSON() gives it; DELETE takes its endpoint. */
export const pushSubscriptionSchema = z.looseObject({
  endpoint: z.string(),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.strictObject({ p256dh: z.string(), auth: z.string() }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** GET /api/leads/push: the server's public key for subscribing (null: push is off), and this key's devices. */
export const pushStatusSchema = z.strictObject({ publicKey: z.nullable(z.string()), devices: z.number() });
export type PushStatus = z.infer<typeof pushStatusSchema>;

/**
 * GET and PUT /api/leads/whatsapp: this key's member's WhatsApp for alerts when push cannot reach
 * them: whether WhatsApp is on for the site, their number (10 digits) and whether they opted in.
 */
export const memberWhatsAppSchema = z.strictObject({ on: z.boolean(), number: z.nullable(z.string()), optedIn: z.boolean() });
export type MemberWhatsAppStatus = z.infer<typeof memberWhatsAppSchema>;
/** PUT /api/leads/whatsapp's body: the number (10 digits, or null to remove it) and the opt-in. */
export const memberWhatsAppChangeSchema = z.strictObject({ number: z.nullable(z.string()), optIn: z.boolean() });
export type MemberWhatsAppChange = z.infer<typeof memberWhatsAppChangeSchema>;

/**
 * What a push alert carries to the service worker (src/islands/inbox/pwa/service-worker.ts): no
 * personal data, only the kind, the city and the call-back time, and the lead to open.
 */
export const pushPayloadSchema = z.strictObject({
  title: z.string(),
  body: z.string(),
  /** Where a tap leads: /leads#lead=<id>. */
  url: z.string(),
  /** One notification per lead and step: a later one replaces it. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** One person of the team (a row of team_members), with their routing. */
export const teamMemberSchema = z.extend(memberRoutingSchema, { id: z.uuid(), name: z.string(), role, addedAt: time, addedBy: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/leads/team: the people. */
export const peopleSchema = z.strictObject({ members: z.array(teamMemberSchema) });
export type People = z.infer<typeof peopleSchema>;

/** POST /api/leads/team's body. */
export const newPersonSchema = z.extend(z.partial(memberRoutingSchema), { name: z.string(), role });
export type NewPerson = z.infer<typeof newPersonSchema>;

/** POST /api/leads/team's 201: the person, and their key, shown this once. */
export const personAddedSchema = z.strictObject({ member: teamMemberSchema, key: z.string() });
export type PersonAdded = z.infer<typeof personAddedSchema>;

/** One entry of the team's log. */
export const teamLogEntrySchema = z.strictObject({
  id: z.string(),
  at: time,
  actor: z.string(),
  action: z.enum(TEAM_ACTIONS),
  leadId: z.nullable(z.uuid()),
  detail: z.record(z.string(), z.string()),
});
export type TeamLogEntry = z.infer<typeof teamLogEntrySchema>;

/** GET /api/leads/log[?before=<id>]: a page of the log, newest first, and where the next page starts. */
export const logPageSchema = z.strictObject({ entries: z.array(teamLogEntrySchema), nextBefore: z.nullable(z.string()) });
export type LogPage = z.infer<typeof logPageSchema>;

// One person across the group: /api/people and the person's fields on a lead's answers.

const purposeState = z.enum(['granted', 'withdrawn', 'refused', 'not-asked']);

/** One other open enquiry of the lead's person, a chip on the lead's page ("Loans · contacted · Priya"). */
export const alsoWithSchema = z.strictObject({ id: z.uuid(), kind, status: z.enum(LEAD_STATUSES), worker: z.nullable(z.string()) });
export type AlsoWith = z.infer<typeof alsoWithSchema>;

/** The most a note on an attempt may hold (as the lead's own note). */
export const ATTEMPT_NOTE_MAX = 1000;

/** POST /api/leads/<id>/attempts' body: how the member tried, what came of it; "call back at…" needs the time asked for. */
export const newAttemptSchema = z.object({
  channel: z.enum(ATTEMPT_CHANNELS),
  outcome: z.enum(ATTEMPT_OUTCOMES),
  note: z.optional(z.string().check(z.maxLength(ATTEMPT_NOTE_MAX))),
  callBackAt: z.optional(z.iso.datetime({ offset: true })),
  /** The next follow-up this attempt leaves the lead with (a call-back's time when left out; else, see src/server/team/follow-ups.ts). */
  followUpAt: z.optional(z.iso.datetime({ offset: true })),
});
export type NewAttempt = z.infer<typeof newAttemptSchema>;

/** One attempt as it is stored: who (a member's id, null for the owner's key), when, and the rest of its body. */
export const attemptSchema = z.strictObject({
  id: z.string(),
  at: time,
  by: z.string(),
  memberId: z.nullable(z.uuid()),
  channel: z.enum(ATTEMPT_CHANNELS),
  outcome: z.enum(ATTEMPT_OUTCOMES),
  note: z.optional(z.string()),
  callBackAt: z.optional(time),
});
export type Attempt = z.infer<typeof attemptSchema>;

/**
 * Persistence, made visible: the attempts so far ("Attempt 3 of 6", `target`), the unanswered ones
 * since the last Connected one, the working days they fell on, and whether the lead asks to be
 * closed as unreachable (`target` unanswered over at least 5 working days; never closed by itself).
 */
export const persistenceSchema = z.strictObject({
  attempts: z.number(),
  target: z.number(),
  unanswered: z.number(),
  openDays: z.number(),
  askToClose: z.boolean(),
});
export type Persistence = z.infer<typeof persistenceSchema>;

/** POST /api/leads/<id>/attempts' 201: the attempt, the lead with its version after it, and its persistence. */
export const attemptAnswerSchema = z.extend(leadEnvelopeSchema, { attempt: attemptSchema, persistence: persistenceSchema });
export type AttemptAnswer = z.infer<typeof attemptAnswerSchema>;

/**
 * A lead's WhatsApp acknowledgement: where it stands, the language its template went in (the
 * page's), when it last changed (null while it is first tried), and why it was not sent or failed
 * (`whatsapp-daily-limit`, `whatsapp-site-cap`, `consent-withdrawn`, or the Cloud API's refusal).
 */
export const whatsappAckSchema = z.strictObject({
  state: z.enum(WHATSAPP_ACK_STATES),
  language: z.enum(LOCALES),
  at: z.nullable(time),
  why: z.nullable(z.string()),
});
export type WhatsAppAck = z.infer<typeof whatsappAckSchema>;

/** GET /api/leads/<id>: the lead, its version, the person's other open enquiries, the leads that repeat it, and its attempts (oldest first). */
export const leadViewSchema = z.extend(leadEnvelopeSchema, {
  alsoWith: z.array(alsoWithSchema),
  enquiredAgain: z.array(z.strictObject({ id: z.uuid(), receivedAt: time })),
  attempts: z.array(attemptSchema),
  persistence: persistenceSchema,
  /** The next follow-up's quick picks from now, in working time (null: not today any more). */
  followUpPicks: z.strictObject({ laterToday: z.nullable(time), tomorrowMorning: time, inThreeDays: time, inAWeek: time }),
  /** The visitor's WhatsApp acknowledgement (null: none was owed). */
  whatsapp: z.nullable(whatsappAckSchema),
});
export type LeadView = z.infer<typeof leadViewSchema>;

/** One of a person's enquiries, as their page lists it. */
export const personLeadSchema = z.strictObject({
  id: z.uuid(),
  kind,
  page: z.string(),
  receivedAt: time,
  status: z.enum(LEAD_STATUSES),
  /** Who works it: whoever last changed it; null while nobody has. */
  worker: z.nullable(z.string()),
  name: z.string(),
  source: z.optional(z.literal('referral')),
  referredBy: z.optional(z.string()),
  referredFrom: z.optional(z.uuid()),
  repeatOf: z.optional(z.uuid()),
});
export type PersonLead = z.infer<typeof personLeadSchema>;

/** One row of the consent ledger, as the team sees it. */
export const consentRowSchema = z.strictObject({
  purpose: z.enum(CONSENT_PURPOSES),
  action: z.enum(CONSENT_ACTIONS),
  at: time,
  notice: z.nullable(z.string()),
  locale: z.string(),
  form: z.string(),
  leadId: z.nullable(z.uuid()),
});
export type ConsentRow = z.infer<typeof consentRowSchema>;

/** One moment of a person's timeline: an enquiry, a change of status or a note, an attempt to reach them, a merge, a referral, a withdrawal, a text they sent on WhatsApp (`detail.text`). */
export const timelineEntrySchema = z.strictObject({
  at: time,
  /** A team member, or "the visitor" for an enquiry they sent. */
  by: z.string(),
  what: z.enum(['enquiry', 'work', 'attempt', 'merge', 'unmerge', 'referral', 'withdrawal', 'whatsapp']),
  leadId: z.nullable(z.uuid()),
  kind: z.optional(kind),
  status: z.optional(z.enum(LEAD_STATUSES)),
  note: z.optional(z.string()),
  detail: z.optional(z.record(z.string(), z.string())),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Two persons joined into one (POST /api/people/merges), and its undo. */
export const mergeSchema = z.strictObject({
  id: z.string(),
  kept: z.uuid(),
  merged: z.uuid(),
  mergedAt: time,
  mergedBy: z.string(),
  undoneAt: z.nullable(time),
  undoneBy: z.nullable(z.string()),
});
export type Merge = z.infer<typeof mergeSchema>;

/** POST /api/people/merges' 201 and POST /api/people/merges/<id>/undo's 200. */
export const mergeAnswerSchema = z.strictObject({ merge: mergeSchema });
export type MergeAnswer = z.infer<typeof mergeAnswerSchema>;

/** GET /api/people/<id>: one person across the group. */
export const personPageSchema = z.strictObject({
  person: z.strictObject({
    id: z.uuid(),
    /** The name on their newest enquiry. */
    name: z.string(),
    phones: z.array(z.string()),
    emails: z.array(z.string()),
    createdAt: time,
    /** The persons merged into this one. */
    mergedFrom: z.array(z.uuid()),
    /** Where each purpose stands now. */
    consent: z.strictObject({ enquiry: purposeState, group: purposeState, whatsapp: purposeState }),
  }),
  leads: z.array(personLeadSchema),
  consent: z.array(consentRowSchema),
  timeline: z.array(timelineEntrySchema),
  merges: z.array(z.extend(mergeSchema, { undoable: z.boolean() })),
});
export type PersonPage = z.infer<typeof personPageSchema>;

/** One person of a possible duplicate pair, with their newest enquiries. */
export const duplicateSideSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  cities: z.array(z.string()),
  leads: z.array(
    z.strictObject({
      id: z.uuid(),
      kind,
      receivedAt: time,
      status: z.enum(LEAD_STATUSES),
      name: z.string(),
      phone: z.nullable(z.string()),
      email: z.nullable(z.string()),
    }),
  ),
  /** How many enquiries the person has in all. */
  leadCount: z.number(),
});
export type DuplicateSide = z.infer<typeof duplicateSideSchema>;

/** A pair of persons who may be one: an e-mail without the phone, a phone without the e-mail, or one digit apart. */
export const duplicatePairSchema = z.strictObject({
  reason: z.enum(['email', 'phone', 'phone-digit']),
  foundAt: time,
  /** The lead that showed it (none for the one-digit check). */
  leadId: z.nullable(z.uuid()),
  a: duplicateSideSchema,
  b: duplicateSideSchema,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** GET /api/people/duplicates[?before=]: a page of open pairs, newest first. */
export const duplicatesPageSchema = z.strictObject({ pairs: z.array(duplicatePairSchema), nextBefore: z.nullable(time) });
export type DuplicatesPage = z.infer<typeof duplicatesPageSchema>;

/** POST /api/leads/<id>/referrals' body. */
export const referralSchema = z.strictObject({ kind: z.enum(REFERRAL_KINDS), note: z.optional(z.string()) });
export type Referral = z.infer<typeof referralSchema>;

/** POST /api/leads/<id>/referrals' 201: the new lead, of the same person. */
export const referralAnswerSchema = z.strictObject({ lead: leadSchema });
export type ReferralAnswer = z.infer<typeof referralAnswerSchema>;

/** Referrals between divisions in Insights: made, contacted and won. */
const referralCountsSchema = { created: z.number(), contacted: z.number(), won: z.number() };
export const referralFiguresSchema = z.strictObject({
  byPair: z.array(z.strictObject({ from: z.nullable(kind), to: kind, ...referralCountsSchema })),
  byReferrer: z.array(z.strictObject({ referrer: z.string(), ...referralCountsSchema })),
});
export type ReferralFigures = z.infer<typeof referralFiguresSchema>;

/** The speed of first contact of a set of leads, in working minutes. */
export const speedSchema = z.strictObject({
  leads: z.number(),
  contacted: z.number(),
  medianMinutes: z.nullable(z.number()),
  p90Minutes: z.nullable(z.number()),
  withinHour: z.number(),
  withinHourShare: z.nullable(z.number()),
  sameDay: z.number(),
  sameDayShare: z.nullable(z.number()),
});
export type Speed = z.infer<typeof speedSchema>;

/** A source, campaign or landing page, with its leads and what came of them. */
export const rankedSchema = z.strictObject({
  value: z.string(),
  leads: z.number(),
  won: z.number(),
  lost: z.number(),
  wonShare: z.nullable(z.number()),
});
export type Ranked = z.infer<typeof rankedSchema>;

/** One week of the weekly series: leads by kind, spam, and the week's speed of first contact. */
export const weekSchema = z.extend(perKind(z.number()), { week: day, spam: z.number(), firstContact: speedSchema });
export type Week = z.infer<typeof weekSchema>;

/** The first contact of assigned leads: how many, contacted, within the target, and the working minutes from the assignment. */
const targetSchema = z.strictObject({
  leads: z.number(),
  contacted: z.number(),
  inTarget: z.number(),
  inTargetShare: z.nullable(z.number()),
  medianMinutes: z.nullable(z.number()),
  p90Minutes: z.nullable(z.number()),
});
export const routingFiguresSchema = z.strictObject({
  targetMinutes: z.number(),
  all: targetSchema,
  byKind: z.array(z.extend(targetSchema, { kind })),
  byPerson: z.array(z.extend(targetSchema, { person: z.string() })),
  /** Leads given to someone else in the range: by the first-contact clock, or by hand. */
  reassignments: z.array(z.strictObject({ kind, byClock: z.number(), byHand: z.number() })),
});
export type RoutingFigures = z.infer<typeof routingFiguresSchema>;

/** GET /api/leads/insights?from=&to=: the owner's figures over a range of India's dates. */
export const insightsSchema = z.strictObject({
  from: day,
  to: day,
  timeZone: z.string(),
  officeHours: z.strictObject({ days: z.array(z.string()), opens: z.string(), closes: z.string() }),
  waitingAfterMinutes: z.number(),
  total: z.number(),
  byKind: perKind(z.number()),
  spam: z.number(),
  weeks: z.array(weekSchema),
  outcomes: perKind(z.strictObject({ leads: z.number(), won: z.number(), lost: z.number() })),
  sources: z.array(rankedSchema),
  campaigns: z.array(rankedSchema),
  landingPages: z.array(rankedSchema),
  languages: perKind(z.record(z.enum(LOCALES), z.number())),
  firstContact: z.extend(speedSchema, {
    byKind: z.array(z.extend(speedSchema, { kind })),
    byPerson: z.array(z.extend(speedSchema, { person: z.string() })),
  }),
  waiting: z.array(z.uuid()),
  waitingCount: z.number(),
  referrals: referralFiguresSchema,
  /** Routing: the first contact within its target (LEADS_FIRST_CONTACT_MINUTES), by division and assignee, and the reassignments. */
  routing: routingFiguresSchema,
  waitingLeads: z.array(
    z.strictObject({ id: z.uuid(), kind, name: z.string(), receivedAt: time, clockStart: time, workingMinutes: z.number() }),
  ),
  /**
   * WhatsApp's messages (acknowledgements and team alerts): per week of the series, sent,
   * delivered (or read), read and failed; and this calendar month's messages that did not fail,
   * at WHATSAPP_RATE_INR rupees each.
   */
  whatsapp: z.strictObject({
    weeks: z.array(z.strictObject({ week: day, sent: z.number(), delivered: z.number(), read: z.number(), failed: z.number() })),
    month: z.strictObject({ month: z.string(), messages: z.number(), rateInr: z.number(), costInr: z.number() }),
  }),
});
export type Insights = z.infer<typeof insightsSchema>;
