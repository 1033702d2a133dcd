/**
 * Settings that must not be taken as they are: a value the settings' schema refuses (a number
 * that is not one, an address that is not one, settings.ts), a weak owner's key (LEADS_OWNER_TOKEN, or its old
 * name LEADS_EXPORT_TOKEN), a webhook address that is not https or a secret not written whsec_.
 * `npm start` refuses to start while one is wrong (harness/serve.ts); on Netlify the functions log each once when they start, the team's API stays
 * closed with a weak token, and the webhook sends nothing while its settings are wrong.
 */
import { exportTokenProblem, ownerTokenSetting, parseSettings } from './settings.ts';
import { webhookProblem } from './outbound/webhook.ts';
import { logLead } from './log.ts';

/** Every problem of the settings in force, in plain words (empty when none). */
export const settingsProblems = (environment: NodeJS.ProcessEnv = process.env): string[] => {
  const { settings, problems } = parseSettings(environment);
  const owner = ownerTokenSetting(environment);
  const token = exportTokenProblem(owner.value, owner.name);
  if (token) problems.push(token);
  const url = settings.LEADS_WEBHOOK_URL ?? '';
  const secret = settings.LEADS_WEBHOOK_SECRET ?? '';
  if (url || secret) {
    if (!url || !secret) problems.push('Set both LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET, or neither');
    else {
      const webhook = webhookProblem({ url, secret });
      if (webhook) problems.push(webhook);
    }
  }
  return problems;
};

/** Logs each problem of the settings, for a function's start. */
export const logSettingsProblems = () => {
  for (const problem of settingsProblems()) logLead({ kind: 'settings', status: 'refused', note: problem });
};
