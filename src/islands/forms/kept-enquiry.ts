/**
 * The form's side of kept enquiries (src/lib/kept-enquiry.ts): keeping an enquiry that could not
 * be sent, photos included, in IndexedDB under its submissionId, and dropping it when the form
 * sends it itself. src/client-scripts/send-kept.ts sends what is kept (with idb-keyval, whose
 * store is this one); the form writes to IndexedDB directly, which keeps its bundle smaller.
 */
import { KEPT_DB, KEPT_FLAG, type KeptEnquiry } from '../../lib/kept-enquiry.ts';

/** One change to the store of kept enquiries, in a transaction of its own. */
const change = (write: (store: IDBObjectStore) => void) =>
  new Promise<void>((resolve, reject) => {
    const failed = () => reject(new Error('IndexedDB'));
    const opening = indexedDB.open(KEPT_DB.database);
    opening.onupgradeneeded = () => opening.result.createObjectStore(KEPT_DB.store);
    opening.onerror = failed;
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction(KEPT_DB.store, 'readwrite');
      write(transaction.objectStore(KEPT_DB.store));
      transaction.oncomplete = () => {
        db.close();
        resolve();
      };
      transaction.onerror = transaction.onabort = failed;
    };
  });

/** Keeps the enquiry (again, under the same id); false when this browser keeps nothing (storage off). */
export const keepEnquiry = async (enquiry: KeptEnquiry): Promise<boolean> => {
  try {
    await change((store) => store.put(enquiry, enquiry.submissionId));
    localStorage.setItem(KEPT_FLAG, '1');
    return true;
  } catch {
    return false;
  }
};

/** Drops a kept enquiry that the form itself has now sent. */
export const forgetEnquiry = (submissionId: string): Promise<void> => change((store) => store.delete(submissionId)).catch(() => undefined);
