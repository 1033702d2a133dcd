/**
 * Storing a lead exactly once per submission id, then trying its deliveries.
 *
 * One transaction: the challenge or confirm token is taken (a unique row: a token another
 * submission used makes this one spam), the lead is inserted (`ON CONFLICT DO NOTHING`: a retry
 * finds the first), its person found or made and its consent rows written (person.ts), the daily
 * limits are counted (daily-limits.ts), and the lead's deliveries are inserted. The answer comes only after the commit: no lead is answered 201 before its row is
 * committed. Then the deliveries are tried (outbound/deliveries.ts); what fails is the sweep's.
 *
 * A retry of a stored lead gets the first answer again, and sends what the first attempt owed if
 * that attempt never got to try (it ran out of time after the commit, or its instance died).
 * Identical submissions in flight in one instance share one run (`once`).
 */
import { buildLeadRecord } from '../db/lead-record.ts';
import { type LeadRecord, type Via } from '../../lib/enquiry/lead-record.ts';
import { insertLead, readLead, receivedAtOf } from '../db/leads.ts';
import { useToken } from '../db/tokens.ts';
import { transaction, withDatabase } from '../db/connection.ts';
import { newDeliveries, storeDeliveries, tryAtReceipt, tryOwed } from '../outbound/deliveries.ts';
import { ackSettings, wantsAck } from '../outbound/ack.ts';
import type { Delivery } from '../db/deliveries.ts';
import { logLead } from '../log.ts';
import { contactLimitReached, takeAck, takeWhatsApp } from './daily-limits.ts';
import { wantsWhatsApp, whatsapp, whatsappNumber } from '../outbound/whatsapp.ts';
import { challengeSecret } from '../secret.ts';
import { ackDomainDailyCap, ackSiteDailyCap, whatsappDailyCap } from '../settings.ts';
import { deletePhotos, deleteStagedPhotos, photoKeysOf, readStagedPhotos, storeLeadPhotos, type CheckedPhoto } from '../db/photos.ts';
import type { SpamReason } from './spam.ts';
import { joinPerson } from './person.ts';
import { assignNewLead } from './assign.ts';
import { currentAssignee } from '../db/routing.ts';
import type { Assignee } from '../../lib/team-api/wire.ts';
import { recipientOf } from '../outbound/push.ts';
import { teamAlert } from '../outbound/team-alert.ts';
import { noteClockDue } from '../outbound/pending-marker.ts';
import type { Enquiry, EnquiryKind } from '../../lib/enquiry/index.ts';

/** The single-use token a submission came with: the form's challenge, or a native post's confirmation. */
export interface UsedToken {
  kind: 'challenge' | 'confirm';
  value: string;
}

/** What came with the enquiry besides its fields: checked photos, the way it came in, its token. */
export interface Arrival {
  photos: CheckedPhoto[];
  via: Via;
  /** A plain form's photos, staged while it was being confirmed: their keys in the staging store. */
  stagedPhotos?: string[];
  token?: UsedToken;
  /**
   * The platform's way to keep the function running after it answered (Netlify's
   * context.waitUntil): the tries at receipt that outlast RECEIPT_WAIT_MS go on there.
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Who sent it (client.ts: an IPv4 address or IPv6 /64), for the daily acknowledgements per client. */
  client?: string;
}

/**
 * How long a visitor's answer waits for the tries at receipt (the team's e-mail, the
 * acknowledgement, the webhook). An e-mail service that hangs never holds the answer: after this,
 * the visitor is answered and the tries go on in the background (waitUntil), each under its own
 * deadline, their bookkeeping and the sweep as before. Where the platform gives no waitUntil (a
 * script, a test calling the handler), the answer waits for them, as the work would otherwise be
 * cut off.
 */
export const RECEIPT_WAIT_MS = 1500;

/** `work`, awaited for at most RECEIPT_WAIT_MS when it can go on after the answer. */
const withinAnswer = async (work: Promise<unknown>, waitUntil: Arrival['waitUntil']): Promise<void> => {
  if (!waitUntil) {
    await work;
    return;
  }
  waitUntil(work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, RECEIPT_WAIT_MS)))]);
  clearTimeout(timer);
};

/** What the visitor is told: the same for the first submission and every retry of it. */
export interface Receipt {
  id: string;
  receivedAt: string;
}

type Stored =
  | { outcome: 'stored'; record: LeadRecord; deliveries: Delivery[]; held: boolean; paused?: string; clockDue: string | null }
  | { outcome: 'spam'; reason: SpamReason }
  | { outcome: 'duplicate'; receivedAt: string };

/**
 * The lead's row, its token, its photos and its deliveries, in one transaction: the photos are
 * written only once the row is stored as a lead, never for spam. An acknowledgement is owed
 * only to a lead that came with its single-use token (a fresh challenge, or the no-JavaScript
 * confirmation), and only within the daily limits (daily-limits.ts).
 */
const storeOnce = (
  record: LeadRecord,
  photos: readonly CheckedPhoto[],
  token: UsedToken | undefined,
  secret: string,
  client?: string,
): Promise<Stored> =>
  withDatabase(() =>
    transaction(async (): Promise<Stored> => {
      if (token && !(await useToken(token.value, record.id))) {
        const reason: SpamReason = token.kind === 'challenge' ? 'challenge-reused' : 'confirm-reused';
        if (await insertLead({ ...record, spam: reason, photos: undefined })) return { outcome: 'spam', reason };
        return { outcome: 'duplicate', receivedAt: (await receivedAtOf(record.id, { spamToo: true })) as string };
      }
      const inserted = await insertLead(record);
      if (inserted?.person && inserted.origin) {
        // Its person, found or made as it was stored; a repeat of an earlier lead, and the consent rows (person.ts).
        const joined = await joinPerson(record, { person: inserted.person, origin: inserted.origin });
        const stored: LeadRecord = { ...record, personId: joined.person, ...(joined.repeat ? { repeatOf: joined.repeat.id } : {}) };
        await storeLeadPhotos(record.photos ?? [], photos);
        const held = await contactLimitReached(record, secret);
        const ackOwed = token !== undefined && ackSettings() !== null && wantsAck(record);
        const { skipped: ackSkipped, paused } = ackOwed ? await takeAck(record, secret, client) : {};
        // WhatsApp's acknowledgement, on the same proof, when the visitor asked for WhatsApp.
        const whatsappOwed = token !== undefined && whatsapp.on() && wantsWhatsApp(record);
        const whatsappAck = whatsappOwed ? await takeWhatsApp(whatsappNumber(record.phone), record.receivedAt, secret) : undefined;
        // The assignee last: the round robin's lock is held from here to the commit.
        const { assigned, assignee, clockDue } = await assign(stored);
        const alert = await teamAlert(recipientOf(assignee), 'assigned', record.receivedAt);
        const deliveries = await storeDeliveries(
          record.id,
          newDeliveries(assigned, { teamHeld: held ? 'repeat-contact' : undefined, ackOwed, ackSkipped, alert, whatsappAck }),
        );
        return { outcome: 'stored', record: assigned, deliveries, held, paused: paused ?? whatsappAck?.paused, clockDue };
      }
      return { outcome: 'duplicate', receivedAt: (await receivedAtOf(record.id, { spamToo: true })) as string };
    }),
  );

/** Chooses the lead's assignee and starts its clock (in its transaction): the record as it now is. */
const assign = async (record: LeadRecord): Promise<{ assigned: LeadRecord; assignee: Assignee; clockDue: string | null }> => {
  const current = record.personId ? await currentAssignee(record.personId, record.kind, record.id) : null;
  const { assignee, dueAt } = await assignNewLead(record, record.receivedAt, current);
  return {
    assigned: { ...record, assignee, assignedAt: record.receivedAt, ...(dueAt ? { firstContactDueAt: dueAt } : {}) },
    assignee,
    clockDue: dueAt,
  };
};

/** A retry of a stored lead: its first receipt, and what its first attempt owed. */
const answerRetry = async (kind: EnquiryKind, id: string, receivedAt: string, waitUntil?: Arrival['waitUntil']): Promise<Receipt> => {
  logLead({ kind, id, status: 'duplicate' });
  const found = await withDatabase(() => readLead(id)).catch(() => null);
  if (found && !found.record.spam) await withinAnswer(tryOwed(found.record), waitUntil);
  return { id, receivedAt };
};

/** Stores a valid lead (once) and tries its deliveries. */
export const acceptLead = async (kind: EnquiryKind, enquiry: Enquiry, arrival: Arrival): Promise<Receipt> => {
  const id = enquiry.submissionId;
  // A retry gets the first answer, whatever the first post became: a spam record stays spam (the
  // team can release it), as nothing overwrites a stored row.
  const known = await withDatabase(() => receivedAtOf(id, { spamToo: true }));
  if (known) return answerRetry(kind, id, known, arrival.waitUntil);

  const staged = arrival.stagedPhotos ?? [];
  const photos = [...(staged.length > 0 ? await readStagedPhotos(staged) : []), ...arrival.photos];
  const photoKeys = photoKeysOf(id, photos);
  const receivedAt = new Date().toISOString();
  const record = buildLeadRecord(kind, enquiry, receivedAt, { via: arrival.via, photos: photoKeys });
  let stored: Stored;
  try {
    stored = await storeOnce(record, photos, arrival.token, await challengeSecret(), arrival.client);
  } catch (error) {
    // A lead that was not stored leaves no photos behind (staged ones stay for the retry).
    await deletePhotos(photoKeys).catch(() => {});
    throw error;
  }
  // Another attempt stored it meanwhile, with its photos.
  if (stored.outcome === 'duplicate') return answerRetry(kind, id, stored.receivedAt, arrival.waitUntil);
  if (stored.outcome === 'spam') {
    logLead({ kind, id, status: 'spam', note: stored.reason });
    return { id, receivedAt };
  }
  // Confirmed: the staged copies go.
  if (staged.length > 0) await deleteStagedPhotos(staged).catch(() => {});
  if (stored.held) logLead({ kind, id, status: 'notify-held', note: 'repeat-contact' });
  if (stored.paused) {
    const cap =
      stored.paused === 'site'
        ? `the site's cap of ${ackSiteDailyCap()}`
        : stored.paused === 'whatsapp'
          ? `WhatsApp's cap of ${whatsappDailyCap()}`
          : `the cap of ${ackDomainDailyCap()} for ${stored.paused.slice(7)}`;
    logLead({ kind, id, status: 'ack-paused', note: `acknowledgements pause for the rest of the UTC day: ${cap} a day is reached` });
  }
  await withinAnswer(
    Promise.all([tryAtReceipt(stored.record, stored.deliveries), stored.clockDue ? noteClockDue(stored.clockDue) : null]),
    arrival.waitUntil,
  );
  return { id, receivedAt };
};

/** Keeps spam apart (a row with its reason), never delivered; the sender is answered as if it were a lead. */
export const keepSpam = async (kind: EnquiryKind, enquiry: Enquiry, reason: SpamReason, via: Via): Promise<Receipt> => {
  const receivedAt = new Date().toISOString();
  const record = buildLeadRecord(kind, enquiry, receivedAt, { via, spam: reason });
  const stored = await withDatabase(() => insertLead(record));
  logLead({ kind, id: enquiry.submissionId, status: 'spam', note: reason });
  if (stored) return { id: enquiry.submissionId, receivedAt };
  return {
    id: enquiry.submissionId,
    receivedAt: (await withDatabase(() => receivedAtOf(enquiry.submissionId, { spamToo: true }))) ?? receivedAt,
  };
};

const inFlight = new Map<string, Promise<Receipt>>();

/** Identical submissions in flight in this instance share one run (and one answer). */
export const once = (id: string, run: () => Promise<Receipt>): Promise<Receipt> => {
  const running = inFlight.get(id);
  if (running) return running;
  const started = run().finally(() => inFlight.delete(id));
  inFlight.set(id, started);
  return started;
};
