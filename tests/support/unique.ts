/** Names for e2e tests that share one served database: letters only, different on every call. */
import { randomUUID } from 'node:crypto';

/** `length` lowercase letters (names take no digits), different each time. */
export const uniqueLetters = (length: number) =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, length)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]);
