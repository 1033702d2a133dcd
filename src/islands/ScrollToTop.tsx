import { useEffect, useState } from 'react';
import { IconArrowUp } from '@tabler/icons-react';

/** Scroll position (px) from which the button shows (SPEC section 9). */
export const SCROLL_THRESHOLD = 20;

/** "Back to top": visible from 20 px down; smooth scroll, or instant under reduced motion. */
export default function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY >= SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const toTop = () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
    // Put keyboard focus back at the start of the page, without a second jump.
    document.getElementById('top')?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="to-top" hidden={!visible} onClick={toTop} aria-label="Back to top">
      <IconArrowUp aria-hidden="true" size={22} />
    </button>
  );
}
