/** Starts the EmailJS stand-in and points the pipeline's EmailJS settings at it. */
import { startEmailJsStandIn, type EmailJsStandIn } from '../../harness/emailjs-standin.ts';

export const EMAILJS_ENV = {
  EMAILJS_SERVICE_ID: 'service_test',
  EMAILJS_TEMPLATE_ID: 'template_test',
  EMAILJS_PUBLIC_KEY: 'public_test',
  EMAILJS_PRIVATE_KEY: 'private_test',
} as const;

export const startStandIn = async (): Promise<EmailJsStandIn> => {
  const standIn = await startEmailJsStandIn();
  Object.assign(process.env, EMAILJS_ENV, { EMAILJS_API_ORIGIN: standIn.origin });
  return standIn;
};

export const clearEmailJsEnv = () => {
  for (const name of [...Object.keys(EMAILJS_ENV), 'EMAILJS_API_ORIGIN', 'EMAILJS_TIMEOUT_MS']) delete process.env[name];
};
