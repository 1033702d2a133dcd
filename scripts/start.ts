/**
 * `npm start`: builds the site as scripts/build-local.ts does (with no EmailJS settings, the forms'
 * e-mail fallback points at the local stand-in on EMAILJS_STANDIN_PORT, default 8899), then serves
 * it (harness/serve.ts, which starts that stand-in) in this process.
 */
import { localBuild } from './build-local.ts';

process.env.EMAILJS_STANDIN_PORT ||= '8899';
localBuild();
await import('../harness/serve.ts');
