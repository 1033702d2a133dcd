/**
 * Which deploy the functions serve (src/config/deploy.ts). Netlify hands a function its deploy's
 * context during a call (`Netlify.context.deploy.context`); `CONTEXT` in the environment counts
 * too, which is how the tests, `npm start` and the lead scripts say it (`dev`).
 *
 * A deploy is production only when the context says `production`. Anything else that is not
 * `dev` (the local site, the tests, the lead scripts on the local database) follows the preview
 * rules: a deploy preview, a branch deploy, an unknown context, and a missing one. So a deploy
 * whose context cannot be read never e-mails the team, calls the webhook or writes to a visitor.
 */
import { isPreviewContext } from '../config/deploy.ts';

interface NetlifyGlobal {
  context?: { deploy?: { context?: string } } | null;
}

const runtimeContext = (): string | undefined => (globalThis as { Netlify?: NetlifyGlobal }).Netlify?.context?.deploy?.context;

/** The contexts named: the call's, then the environment's (either naming a preview is a preview). */
const namedContexts = () => [runtimeContext(), process.env.CONTEXT].filter((context): context is string => !!context);

/** Production: a context says `production`, and none says a preview. */
export const isProductionDeploy = (): boolean => {
  const named = namedContexts();
  return named.includes('production') && !named.some(isPreviewContext);
};

/** The local Netlify (`npm start`, the tests, the lead scripts on the local database): `dev`, and no preview named. */
export const isLocalDev = (): boolean => {
  const named = namedContexts();
  return named.includes('dev') && !named.includes('production') && !named.some(isPreviewContext);
};

/** Every other deploy follows the preview rules: a preview, a branch deploy, an unknown or a missing context. */
export const isPreviewDeploy = (): boolean => !isProductionDeploy() && !isLocalDev();
