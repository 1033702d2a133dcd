import type { Config } from '@netlify/functions';
import { retentionHandler } from '../../src/server/index.ts';

// Deletes leads older than LEADS_RETENTION_MONTHS, with their deliveries, history and photos (src/server/jobs/retention.ts).
export default retentionHandler();

export const config: Config = {
  schedule: '@daily',
};
