import type { Config } from '@netlify/functions';
import { leadsExportHandler } from '../../src/lib/leads/index.ts';

export default leadsExportHandler();

// rateLimit.aggregateBy must be an array: a plain string is ignored and the limit becomes site-wide.
export const config: Config = {
  path: '/api/leads',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
