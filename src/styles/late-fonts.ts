/**
 * The heading font comes after the first paint, on a visit's first page.
 *
 * The heading font (Noto Sans Display, 39 KB) is for looks only: until it arrives, headings are
 * set in fallback faces drawn to its measurements (fallback-fonts.ts), so its arrival moves
 * nothing. Yet a font the first layout asks for shares the page's first round trips with the HTML
 * and the LCP picture or text. So on the first page of a visit, a tiny script in <head> puts
 * `fonts-wait` on <html>, which takes 'Heading' out of the heading font stack (fallback-fonts.ts),
 * and takes it off once the page has loaded and painted: only then does the browser fetch the
 * font. Every later page of the visit (sessionStorage says it was asked for, so it is in the
 * browser's cache) uses it from the first paint. Without JavaScript, or where storage is blocked,
 * nothing waits: the font loads at once, as before.
 *
 * The Tamil, Telugu and Kannada text fonts do not wait: their pages' words cannot be drawn without
 * them, so they are preloaded (indic-fonts.ts).
 */

/** The class on <html> while the heading font waits (the CSS of fallback-fonts.ts reads it). */
export const FONTS_WAIT_CLASS = 'fonts-wait';
/** The sessionStorage key saying this visit has asked for the heading font already. */
export const FONTS_ASKED_KEY = 'aranya:late-fonts';

/**
 * The inline script (its hash goes into each page's CSP by integrations/csp-inline.ts). After the
 * load event it waits two frames, so that the first paint is done, before the font is asked for.
 */
export const lateFontsScript = `(()=>{const r=document.documentElement,k=${JSON.stringify(FONTS_ASKED_KEY)},c=${JSON.stringify(FONTS_WAIT_CLASS)};try{if(sessionStorage.getItem(k))return}catch{return}r.classList.add(c);addEventListener('load',()=>requestAnimationFrame(()=>requestAnimationFrame(()=>{r.classList.remove(c);try{sessionStorage.setItem(k,'1')}catch{}})))})()`;
