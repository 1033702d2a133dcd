/**
 * A client address of its own for a test or a benchmark that plays many clients (sent as
 * `x-nf-client-connection-ip`, which the local harness hands the functions as Netlify's
 * context.ip): an IPv6 address in a random /64 of the documentation range, so every call is
 * another client to the per-client counts (src/server/client.ts groups IPv6 by /64).
 */
import { randomBytes } from 'node:crypto';

export const randomClientAddress = (): string => {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  return `2001:db8:${a}:${b}::1`;
};
