/** The scheduled functions' handlers: run the job, answer its report as JSON (logged by the job). */
import { answerSafely, jsonResponse } from '../errors.ts';
import { logLead } from '../log.ts';
import { sweepPending } from './sweep.ts';
import { deleteExpiredLeads } from './retention.ts';
import { sendDigest } from './digest.ts';
import { runClock } from './first-contact.ts';

const scheduled = (label: string, run: () => Promise<unknown>) => answerSafely(label, async () => jsonResponse(200, await run()), logLead);

/** Every 10 minutes: try the deliveries that are due (waking the database only when something is). */
export const sweepHandler = () => scheduled('sweep', () => sweepPending());
/** Daily: delete leads older than LEADS_RETENTION_MONTHS. */
export const retentionHandler = () => scheduled('retention', () => deleteExpiredLeads());
/** Daily at 09:00 India time: the owner's morning digest of yesterday, once (production only). */
export const digestHandler = () => scheduled('digest', () => sendDigest({ scheduled: true }));
/** Every 5 minutes: the first-contact clock's steps that are due (waking the database only when one is). */
export const clockHandler = () => scheduled('first-contact', () => runClock());
