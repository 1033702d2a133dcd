import type { Config } from '@netlify/functions';
import { clockHandler } from '../../src/server/index.ts';

// The first-contact clock (src/server/jobs/first-contact.ts): reminds, escalates and reassigns the
// leads nobody has contacted, waking the database only when a step is due.
export default clockHandler();

export const config: Config = {
  schedule: '*/5 * * * *',
};
