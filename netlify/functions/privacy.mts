import type { Config } from '@netlify/functions';
import { enquiryHandler } from '../../src/server/index.ts';

/** Privacy requests (/Privacyrequest): the same pipeline as the enquiries (src/lib/enquiry/privacy.ts). */
export default enquiryHandler('privacy');

// rateLimit.aggregateBy must be an array: a plain string is ignored and the limit becomes site-wide.
export const config: Config = {
  path: '/api/privacy',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
