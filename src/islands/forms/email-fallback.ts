import type * as z from 'zod/mini';
import type { EnquiryKind } from '../../lib/enquiry/kinds.ts';
import type { FallbackResult } from './fallback.ts';
import type { FormWords } from './language.ts';

/**
 * The e-mail fallback, when our API cannot be reached: fallback.ts (and @emailjs/browser) are
 * fetched only then, as most visitors never need them; a fetch that fails is a failed send.
 */
export const sendByEmailFallback = async (
  kind: EnquiryKind,
  schema: z.ZodMiniType,
  payload: Record<string, unknown>,
  extra: { photos?: number; preferredLanguage?: string },
  words: FormWords,
): Promise<FallbackResult> => {
  try {
    const { fallbackParams, sendByEmail } = await import('./fallback.ts');
    return await sendByEmail(fallbackParams(kind, schema, payload, extra), words);
  } catch {
    return { sent: false, status: 0, message: words.emailStatus[0] };
  }
};
