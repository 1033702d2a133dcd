import type { Config } from '@netlify/functions';
import { teamApiHandler, logSettingsProblems } from '../../src/server/index.ts';

// A weak LEADS_EXPORT_TOKEN or unsafe webhook settings are named in the log when the function starts.
logSettingsProblems();

export default teamApiHandler();

// rateLimit.aggregateBy must be an array: a plain string is ignored and the limit becomes site-wide.
// 60 a minute, not 10: an export of many leads is many pages (2,000 leads each at most).
export const config: Config = {
  // /api/leads/:id (read, change, erase) and /api/leads/:id/* (release, referrals, photos), and
  // /api/people/… (persons, duplicates, merges); the handler reads the URL.
  path: ['/api/leads', '/api/leads/:id', '/api/leads/:id/*', '/api/people', '/api/people/*'],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
