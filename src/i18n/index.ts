import { en, type Dictionary } from './en.ts';
import { ta } from './ta.ts';
import { te } from './te.ts';
import { kn } from './kn.ts';
import type { Locale } from './locales.ts';

export * from './locales.ts';
export { around, format, indianNumber } from './format.ts';
export type { Dictionary };

/**
 * The dictionary of one language. Server code and .astro pages may import this (every language);
 * a form island never does: its page passes the island only its own language's words as props.
 */
const DICTIONARIES: Record<Locale, Dictionary> = { en, ta, te, kn };

export const dictionary = (locale: Locale): Dictionary => DICTIONARIES[locale];
