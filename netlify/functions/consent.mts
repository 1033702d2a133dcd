import type { Config } from '@netlify/functions';
import { consentLinkHandler } from '../../src/server/index.ts';

/** The withdrawal page: the signed link in every acknowledgement (src/server/intake/withdrawal.ts). */
export default consentLinkHandler();

// rateLimit.aggregateBy must be an array: a plain string is ignored and the limit becomes site-wide.
export const config: Config = {
  path: '/api/consent/*',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
