/**
 * Enquiries kept in the browser when they could not be sent, what every side shares: the names it is kept under, what one kept
 * enquiry holds (the inline check every page runs is kept-enquiry-check.ts). An enquiry that neither our API nor the
 * e-mail back-up could take is kept in IndexedDB (src/islands/forms/kept-enquiry.ts) and a flag in
 * localStorage says that something waits. The check reads only that flag: with it set, and the
 * browser online (now, or when the connection returns), it loads the sender, /send-kept.js
 * (src/client-scripts/send-kept.ts, built by integrations/kept-sender.ts), which sends it.
 */

/** The localStorage key that says an enquiry is kept. */
export const KEPT_FLAG = 'aranya:kept';
/** The IndexedDB database and store the enquiries are kept in, under their submissionId. */
export const KEPT_DB = { database: 'aranya-kept', store: 'enquiries' } as const;
/** The sender's address (a fixed name, built after the site). */
export const KEPT_SENDER = '/send-kept.js';
/** Dispatched on window for each kept enquiry sent; the form that kept it, if open, claims it (preventDefault). */
export const KEPT_SENT_EVENT = 'aranya:kept-sent';

export interface KeptSent {
  submissionId: string;
  /** The stored lead's id. */
  id: string;
}

/** One kept enquiry, as the form would have posted it. */
export interface KeptEnquiry {
  submissionId: string;
  /** /api/<kind>. */
  endpoint: string;
  /** The enquiry's fields, without a challenge (a fresh one is fetched when it is sent); `currentdate` may be missing (offline). */
  payload: Record<string, unknown>;
  /** Sell Flats' photos. */
  files: File[];
  /** When it was kept (ms): its `currentdate` when the form could not write one. */
  keptAt: number;
  /** What the visitor is told on a later page, in the form's language ({reference}: the lead's first 8 characters); the form's `kept` words. */
  notice: { sent: string; refused: string; close: string };
}
