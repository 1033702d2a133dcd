/**
 * Keys that stand for a person (a mailbox, a phone number, a client's address) wherever one is
 * stored or used as a lock: an HMAC-SHA256 with the server's secret (the challenge secret,
 * challenge.ts), never the value itself nor a bare hash of it, which anyone could recompute from
 * a list of phone numbers.
 */
import { createHmac } from 'node:crypto';

/** The key of `value` for one use (`purpose` keeps the keys of different uses apart). */
export const personKey = (secret: string, purpose: string, value: string): string =>
  createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url');
