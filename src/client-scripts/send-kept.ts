/**
 * Sends the enquiries kept in the browser (src/lib/kept-enquiry.ts): built into /send-kept.js, which a
 * page's inline check loads only when the flag is set and the browser is online; once
 * loaded, it sends again whenever the connection returns. Each kept enquiry gets a fresh challenge (the one it was filled with may have
 * aged past the server's limit), waits the least fill time, and is posted as the form posts it,
 * under its own submissionId: a send that reached the server before is answered as stored, once.
 * - stored: dropped from the browser; the form that kept it, if still open, shows its thanks,
 *   otherwise a note at the top of this page tells the visitor, in the form's language;
 * - unreachable, or asked to wait (408, 429): kept for the next time;
 * - refused (any other 4xx): dropped, and the visitor told that it must be sent again.
 */
import { createStore, del, entries } from 'idb-keyval';
import { format } from '../i18n/format.ts';
import { formatCurrentDate } from '../lib/enquiry/date.ts';
import { KEPT_DB, KEPT_FLAG, KEPT_SENT_EVENT, type KeptEnquiry, type KeptSent } from '../lib/kept-enquiry.ts';
import { classifyAnswer, enquiryBody, fetchChallenge, xhrPost } from '../islands/forms/submit.ts';

type Result = { type: 'sent'; id: string } | { type: 'refused' } | { type: 'later' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sendOne = async (enquiry: KeptEnquiry): Promise<Result> => {
  const proof = await fetchChallenge(enquiry.endpoint);
  if (!proof) return { type: 'later' };
  await sleep(proof.minFillMs);
  const payload = {
    ...enquiry.payload,
    currentdate: enquiry.payload.currentdate ?? formatCurrentDate(enquiry.keptAt),
    challenge: proof.challenge,
  };
  const outcome = classifyAnswer(await xhrPost(enquiry.endpoint, enquiryBody(payload, enquiry.files)));
  if (outcome.type === 'stored') return { type: 'sent', id: outcome.id || enquiry.submissionId };
  if (outcome.type === 'unreachable' || (outcome.type === 'rejected' && (outcome.status === 408 || outcome.status === 429))) {
    return { type: 'later' };
  }
  return { type: 'refused' };
};

/**
 * A note at the top of the page's main content (role status), with a button that closes it: in the
 * page's flow, so that it covers neither the header nor the phone bar.
 */
const tell = (text: string, close: string) => {
  const box = document.createElement('div');
  box.setAttribute('role', 'status');
  box.dataset.keptNotice = '';
  box.style.cssText =
    'display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:center;justify-content:space-between;' +
    'margin:1rem max(1rem, calc((100% - 40rem) / 2));padding:1rem;border-radius:.5rem;background:#14532d;color:#fff';
  const line = document.createElement('p');
  line.style.cssText = 'margin:0;flex:1 1 16rem';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = close;
  button.style.cssText =
    'min-height:44px;padding:0 1rem;border:2px solid #fff;border-radius:.375rem;background:transparent;color:#fff;font:inherit';
  button.addEventListener('click', () => box.remove());
  box.append(line, button);
  (document.querySelector('main') ?? document.body).prepend(box);
  // Written after the region is in the page, so that screen readers announce it.
  requestAnimationFrame(() => {
    line.textContent = text;
  });
};

let running: Promise<void> | null = null;

const sendAll = async () => {
  const store = createStore(KEPT_DB.database, KEPT_DB.store);
  const kept = await entries<string, KeptEnquiry>(store);
  for (const [key, enquiry] of kept) {
    const result = await sendOne(enquiry);
    if (result.type === 'later') continue;
    await del(key, store);
    if (result.type === 'refused') {
      tell(enquiry.notice.refused, enquiry.notice.close);
      continue;
    }
    const detail: KeptSent = { submissionId: enquiry.submissionId, id: result.id };
    const unclaimed = window.dispatchEvent(new CustomEvent(KEPT_SENT_EVENT, { detail, cancelable: true }));
    if (unclaimed) tell(format(enquiry.notice.sent, { reference: result.id.slice(0, 8) }), enquiry.notice.close);
  }
  if ((await entries(store)).length === 0) localStorage.removeItem(KEPT_FLAG);
};

/** Sends every kept enquiry it can; one run at a time (a page load and `online` may both ask). */
const sendKept = () => {
  running ??= sendAll()
    .catch(() => undefined)
    .finally(() => {
      running = null;
    });
};

sendKept();
addEventListener('online', sendKept);
