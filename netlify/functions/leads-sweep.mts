import type { Config } from '@netlify/functions';
import { sweepHandler } from '../../src/server/index.ts';

// Tries the deliveries that are due (src/server/jobs/sweep.ts), waking the database only when one is.
export default sweepHandler();

export const config: Config = {
  schedule: '*/10 * * * *',
};
