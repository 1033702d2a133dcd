import type { Config } from '@netlify/functions';
import { sweepHandler } from '../../src/server/index.ts';

// Re-sends the team's e-mail of every lead still pending (src/server/sweep.ts).
export default sweepHandler();

export const config: Config = {
  schedule: '*/10 * * * *',
};
