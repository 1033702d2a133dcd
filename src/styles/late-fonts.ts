/**
 * The fonts that are for looks only come after the first paint, on a visit's first page.
 *
 * - The heading font (Noto Sans Display, 39 KB): until it arrives, headings are set in fallback
 *   faces drawn to its measurements (fallback-fonts.ts), so its arrival moves nothing.
 * - On Tamil, Telugu and Kannada pages, the semi-bold and bold text faces (two files of 15 to
 *   40 KB): until they arrive, their text is set in the regular face, already loaded (it is
 *   preloaded: it is the page's text), drawn bold (indic-fonts.ts).
 *
 * Yet a font the first layout asks for shares the page's first round trips with the HTML and the
 * LCP picture or text. So on the first page of a visit, a tiny script in <head> puts `fonts-wait`
 * on <html>, which takes those fonts out of the font stacks (the CSS of fallback-fonts.ts and
 * indic-fonts.ts), and takes it off once the page has loaded and painted: only then does the
 * browser fetch them. Every later page of the visit (sessionStorage says they were asked for, so
 * they are in the browser's cache) uses them from the first paint. Without JavaScript, or where
 * storage is blocked, nothing waits: the fonts load at once, as before.
 */

/** The class on <html> while the late fonts wait (the CSS of fallback-fonts.ts and indic-fonts.ts reads it). */
export const FONTS_WAIT_CLASS = 'fonts-wait';
/** The sessionStorage key saying this visit has asked for the late fonts already. */
export const FONTS_ASKED_KEY = 'aranya:late-fonts';

/**
 * The inline script (its hash goes into each page's CSP by integrations/csp-inline.ts). After the
 * load event it waits two frames, so that the first paint is done, before the fonts are asked for.
 */
export const lateFontsScript = `(()=>{const r=document.documentElement,k=${JSON.stringify(FONTS_ASKED_KEY)},c=${JSON.stringify(FONTS_WAIT_CLASS)};try{if(sessionStorage.getItem(k))return}catch{return}r.classList.add(c);addEventListener('load',()=>requestAnimationFrame(()=>requestAnimationFrame(()=>{r.classList.remove(c);try{sessionStorage.setItem(k,'1')}catch{}})))})()`;
