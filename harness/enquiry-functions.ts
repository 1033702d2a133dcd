/** The enquiry functions' handlers by kind (netlify/functions), called in process by the function tests and the fuzzer. */
import realestate from '../netlify/functions/realestate.mts';
import bankloan from '../netlify/functions/bankloan.mts';
import finance from '../netlify/functions/finance.mts';
import contact from '../netlify/functions/contact.mts';
import privacy from '../netlify/functions/privacy.mts';

// Called in process, the functions run as the local Netlify does (src/server/deploy-context.ts).
process.env.CONTEXT ??= 'dev';

export const handlers = { realestate, bankloan, finance, contact, privacy };
export type Kind = keyof typeof handlers;
