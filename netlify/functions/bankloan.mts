import type { Config } from '@netlify/functions';
import { enquiryHandler } from '../../src/server/index.ts';

export default enquiryHandler('bankloan');

// rateLimit.aggregateBy must be an array: a plain string is ignored and the limit becomes site-wide.
export const config: Config = {
  path: '/api/bankloan',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
