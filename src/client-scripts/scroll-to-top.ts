/**
 * The footer's "Back to top" button (as on the original site): shown from 20 px down, scrolls smoothly to
 * the top, or at once when reduced motion is asked for. Plain DOM, no framework, so that a page
 * without islands ships no React; it starts when the browser is idle, after the first paint.
 */

/** Scroll position (px) from which the button shows. */
export const SCROLL_THRESHOLD = 20;

export function initScrollToTop(button: HTMLButtonElement): void {
  const update = () => {
    button.hidden = window.scrollY < SCROLL_THRESHOLD;
  };
  button.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
    // Keyboard focus back at the start of the page, without a second jump.
    document.getElementById('top')?.focus({ preventScroll: true });
  });
  window.addEventListener('scroll', update, { passive: true });
  update();
  button.dataset.ready = '';
}
