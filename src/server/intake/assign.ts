/**
 * Who gets a lead, chosen in the lead's own transaction (accept.ts), and again when the
 * first-contact clock reassigns it (jobs/first-contact.ts). In this order:
 *   1. the person's current assignee for that division, when the person already has an open
 *      lead there (`current`, from the people's tables);
 *   2. an available member who takes the kind and calls in the visitor's language (their
 *      call-back language, else the page's), by round robin;
 *   3. any available member who takes the kind, by round robin;
 *   4. the owner: an available owner by round robin, else the owner's first key.
 * Never a removed member (their row is gone), one who is away, or one who has had their daily
 * cap of leads today (India's date). The round robin is one pointer, one row locked until the
 * transaction ends (db/routing.ts): parallel leads take turns, and the caps are counted under it.
 *
 * The clock (first contact due at arrival plus LEADS_FIRST_CONTACT_MINUTES working minutes, or
 * at the start of the chosen call-back time; then remind, escalate, reassign) is set with it.
 */
import { candidates, countAssignment, lockPointer, movePointer, setAssignee, type Candidate } from '../db/routing.ts';
import { CALL_LANGUAGE_CODES, type MemberLanguage } from '../../lib/team-api/vocabulary.ts';
import type { Assignee } from '../../lib/team-api/wire.ts';
import type { CallLanguage } from '../../lib/enquiry/options.ts';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';
import { addWorkingMinutes, clockStartOf, officeWorkingTime } from '../working-time.ts';
import { clockSteps } from '../settings.ts';
import { logLead } from '../log.ts';

/** The name the first-contact clock writes in a lead's history. */
export const ROUTING_ACTORS = { clock: 'the first-contact clock' } as const;

/** The owner's first key (LEADS_EXPORT_TOKEN), which has no row: its leads have no assignee id. */
export const OWNER_KEY_ASSIGNEE: Assignee = { id: null, name: 'Owner' };

/** India's date of an instant. */
export const indiaDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

/** What the choice needs to know of the lead. */
export interface RoutedLead {
  id: string;
  kind: EnquiryKind;
  receivedAt: string;
  locale?: string;
  callLanguage?: string;
  callTime?: string;
}

/** The language to call back in, as a member's language: the one chosen, else the page's. */
export const callLanguageOf = (lead: Pick<RoutedLead, 'callLanguage' | 'locale'>): MemberLanguage =>
  (lead.callLanguage && CALL_LANGUAGE_CODES[lead.callLanguage as CallLanguage]) || ((lead.locale ?? 'en') as MemberLanguage);

export type Rule = 'current' | 'language' | 'kind' | 'owner' | 'owner-key';
export interface Choice {
  assignee: Assignee;
  rule: Rule;
}

/** How each rule reads in the lead's history. */
const RULE_WORDS: Record<Rule, string> = {
  current: "the person's assignee in this division",
  language: 'round robin, calls in the language',
  kind: 'round robin, takes the kind',
  owner: 'nobody available takes the kind: an owner',
  'owner-key': 'nobody available takes the kind: the owner',
};

/** The first in `pool` after the pointer's member in the round robin's order, else the first. */
const nextInTurn = <T extends { after: boolean }>(pool: readonly T[]): T | undefined => pool.find((one) => one.after) ?? pool[0];

/**
 * Chooses the assignee (the rules above) under the pointer's lock, moves the pointer when the
 * round robin chose, and counts the lead against the member's cap. `exclude`: members the lead
 * must not go to (its current assignee, when the clock reassigns it).
 */
export const chooseAssignee = async (
  lead: RoutedLead,
  at: string,
  { current, exclude = [] }: { current?: string | null; exclude?: readonly (string | null)[] } = {},
): Promise<Choice> => {
  const day = indiaDay(at);
  const last = await lockPointer();
  const open = (await candidates(day, last)).filter((member) => !exclude.includes(member.id));
  const takes = open.filter((member) => member.kinds.includes(lead.kind));
  const language = callLanguageOf(lead);
  const currentOne = current ? takes.find((member) => member.id === current) : undefined;
  let chosen: Candidate | undefined;
  let rule: Rule;
  if (currentOne) {
    chosen = currentOne;
    rule = 'current';
  } else {
    const speakers = takes.filter((member) => member.languages.includes(language));
    const owners = open.filter((member) => member.role === 'owner');
    const [pool, poolRule]: [typeof open, Rule] =
      speakers.length > 0 ? [speakers, 'language'] : takes.length > 0 ? [takes, 'kind'] : [owners, 'owner'];
    chosen = nextInTurn(pool);
    rule = chosen ? poolRule : 'owner-key';
    if (chosen) await movePointer(chosen.id, at);
  }
  if (!chosen) return { assignee: OWNER_KEY_ASSIGNEE, rule };
  await countAssignment(chosen.id, day);
  return { assignee: { id: chosen.id, name: chosen.name }, rule };
};

/** The clock's times of a lead: its first contact due (step 1), the escalation (2) and the reassignment (3). */
export const clockTimes = (lead: Pick<RoutedLead, 'receivedAt' | 'callTime'>): [string, string, string] => {
  const hours = officeWorkingTime();
  const start = clockStartOf(lead.receivedAt, lead.callTime, hours);
  const [remind, escalate, reassign] = clockSteps();
  return [addWorkingMinutes(start, remind, hours), addWorkingMinutes(start, escalate, hours), addWorkingMinutes(start, reassign, hours)];
};

/** Kinds the first-contact clock runs for: the sales leads (a privacy request has its own day to be answered by). */
export const clockRunsFor = (kind: EnquiryKind) => kind !== 'privacy';

/**
 * Assigns a lead just stored (in its transaction): chooses, sets the assignee and the clock
 * (its row has them from the start: no history entry, no new version), and logs the rule that
 * chose. Returns the choice and the clock's first due time.
 */
export const assignNewLead = async (lead: RoutedLead, at: string, current?: string | null) => {
  const choice = await chooseAssignee(lead, at, { current });
  const times = clockRunsFor(lead.kind) ? clockTimes(lead) : null;
  await setAssignee(
    lead.id,
    choice.assignee,
    at,
    times ? { dueAt: times[0], step: 1, nextAt: times[0] } : { dueAt: null, step: null, nextAt: null },
  );
  logLead({ kind: lead.kind, id: lead.id, status: 'assigned', note: RULE_WORDS[choice.rule] });
  return { ...choice, dueAt: times?.[0] ?? null };
};

export const ruleWords = (rule: Rule) => RULE_WORDS[rule];
