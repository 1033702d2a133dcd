/**
 * The two Blobs stores of the pipeline and their keys (a preview deploy has two of its own). Stores are opened per call from the
 * environment's Blobs context (NETLIFY_BLOBS_CONTEXT, set by Netlify, by @netlify/dev under
 * `npm start`, and by the tests to point at a local BlobsServer), always with strong consistency
 * so a lead written is a lead read.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { getStore, type Store } from '@netlify/blobs';
import { isPreviewDeploy } from './deploy-context.ts';
import { HttpError, StoreUnavailableError } from './errors.ts';
import { storeTimeoutMs } from './pipeline-settings.ts';
import type { EnquiryKind } from '../lib/enquiry/index.ts';

export const LEADS_STORE = 'leads';
export const PHOTOS_STORE = 'lead-photos';
/** A preview's stores (src/server/deploy-context.ts): nothing it does reaches production's leads. */
export const PREVIEW_LEADS_STORE = 'preview-leads';
export const PREVIEW_PHOTOS_STORE = 'preview-lead-photos';

/** The signal of the store deadline the current work runs under (see withStoreDeadline). */
const deadlineSignal = new AsyncLocalStorage<AbortSignal>();

/** Opens a store; under a deadline, its calls (and the Blobs client's own retries) stop when the deadline passes. */
const openStore = (name: string): Store => {
  const signal = deadlineSignal.getStore();
  const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, { ...init, signal });
  return getStore({ name, consistency: 'strong', ...(signal ? { fetch } : {}) });
};

export const leadsStore = (): Store => openStore(isPreviewDeploy() ? PREVIEW_LEADS_STORE : LEADS_STORE);
export const photosStore = (): Store => openStore(isPreviewDeploy() ? PREVIEW_PHOTOS_STORE : PHOTOS_STORE);

const monthOf = (iso: string) => iso.slice(0, 7); // yyyy-mm of an ISO UTC timestamp

export const leadKey = (kind: EnquiryKind, id: string, receivedAt: string) => `${kind}/${monthOf(receivedAt)}/${id}`;
export const spamKey = (kind: EnquiryKind, id: string, receivedAt: string) => `spam/${kind}/${monthOf(receivedAt)}/${id}`;
/** Index from a submissionId to its lead's key, so a retry finds the lead whatever the month. */
export const indexKey = (id: string) => `ids/${id}`;
export const photoKey = (id: string, n: number, extension: string) => `${id}/${n}.${extension}`;

/**
 * Runs store work under one deadline (the Blobs client retries for a long time on its own);
 * LEADS_STORE_TIMEOUT_MS unless the caller gives another.
 * Any failure or timeout becomes a StoreUnavailableError, answered 503 with Retry-After.
 */
export const withStoreDeadline = async <T>(work: () => Promise<T>, ms = storeTimeoutMs()): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Past the deadline the work must not write any more: an attempt answered 503 that still wrote
  // (the Blobs client retries on its own) would race the visitor's retry of the same lead.
  const abandon = new AbortController();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon.abort();
      reject(new StoreUnavailableError());
    }, ms);
  });
  try {
    return await Promise.race([deadlineSignal.run(abandon.signal, work), deadline]);
  } catch (error) {
    // A 4xx decided inside the work (no such lead, a conflict) is an answer, not a store failure.
    throw error instanceof StoreUnavailableError || error instanceof HttpError ? error : new StoreUnavailableError();
  } finally {
    clearTimeout(timer);
  }
};
