import type { Config } from '@netlify/functions';
import { digestHandler } from '../../src/server/index.ts';

// The owner's morning e-mail about yesterday (src/server/jobs/digest.ts): 03:30 UTC is 09:00 in India.
export default digestHandler();

export const config: Config = {
  schedule: '30 3 * * *',
};
