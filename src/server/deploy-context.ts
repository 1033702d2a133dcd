/**
 * Whether the functions serve a preview (src/config/deploy.ts). Netlify hands a function its
 * deploy's context during a call (`Netlify.context.deploy.context`); `CONTEXT` in the environment
 * counts too, which is how the tests and the command-line scripts say it. Either naming a preview
 * context is enough: a preview must never reach real leads.
 */
import { isPreviewContext } from '../config/deploy.ts';

interface NetlifyGlobal {
  context?: { deploy?: { context?: string } } | null;
}

const runtimeContext = (): string | undefined => (globalThis as { Netlify?: NetlifyGlobal }).Netlify?.context?.deploy?.context;

export const isPreviewDeploy = (): boolean => isPreviewContext(process.env.CONTEXT) || isPreviewContext(runtimeContext());

/** Where a preview's team e-mail goes instead (LEADS_PREVIEW_NOTIFY_TO); empty: nowhere. */
export const previewNotifyTo = (): string => (process.env.LEADS_PREVIEW_NOTIFY_TO ?? '').trim();
