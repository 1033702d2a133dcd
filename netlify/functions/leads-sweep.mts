import type { Config } from '@netlify/functions';
import { sweepHandler } from '../../src/lib/leads/index.ts';

// Re-sends the team's e-mail of every lead still pending (src/lib/leads/sweep.ts).
export default sweepHandler();

export const config: Config = {
  schedule: '*/10 * * * *',
};
