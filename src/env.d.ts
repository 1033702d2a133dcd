/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** EmailJS settings of the forms' e-mail fallback (public by design: EmailJS keys are browser keys). */
  readonly PUBLIC_EMAILJS_PUBLIC_KEY?: string;
  readonly PUBLIC_EMAILJS_SERVICE_ID?: string;
  readonly PUBLIC_EMAILJS_FALLBACK_TEMPLATE_ID?: string;
  /** Another EmailJS API origin, e.g. the local stand-in under `npm start`. */
  readonly PUBLIC_EMAILJS_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
