/**
 * `npm run build:e2e`: builds dist/ as `npm run build:local` does (scripts/build-local.ts), its
 * forms' e-mail fallback pointed at the e2e run's EmailJS stand-in (E2E_PORT + 100,
 * playwright.config.ts), so that the e2e run's server (`npm run serve`) and this build agree.
 */
import { E2E_STANDIN_PORT } from '../playwright.config.ts';
import { localBuild } from './build-local.ts';

localBuild({ ...process.env, EMAILJS_STANDIN_PORT: String(E2E_STANDIN_PORT) });
