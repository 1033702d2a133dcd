/**
 * The two Blobs stores of the pipeline and their keys. Stores are opened per call from the
 * environment's Blobs context (NETLIFY_BLOBS_CONTEXT, set by Netlify, by @netlify/dev under
 * `npm start`, and by the tests to point at a local BlobsServer), always with strong consistency
 * so a lead written is a lead read.
 */
import { getStore, type Store } from '@netlify/blobs';
import { StoreUnavailableError } from './errors.ts';
import { storeTimeoutMs } from './config.ts';
import type { EnquiryKind } from '../enquiry/index.ts';

export const LEADS_STORE = 'leads';
export const PHOTOS_STORE = 'lead-photos';

export const leadsStore = (): Store => getStore({ name: LEADS_STORE, consistency: 'strong' });
export const photosStore = (): Store => getStore({ name: PHOTOS_STORE, consistency: 'strong' });

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
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError()), ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError();
  } finally {
    clearTimeout(timer);
  }
};
