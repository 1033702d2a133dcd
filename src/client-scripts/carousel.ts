/**
 * The home-page hero carousel in the browser: Embla (no framework) driven by the rules of
 * src/lib/carousel.ts. 2 s autoplay that pauses on hover, while keyboard focus is on a slide and on
 * the pause button; swipe (15 px or more moves one slide), prev/next and dots; under
 * prefers-reduced-motion no autoplay and no sliding animation. The markup is server-rendered by
 * src/components/home/Carousel.astro; this adds the behaviour and states
 * (`data-index`, `data-playing`, `data-ready` on the root).
 */
import EmblaCarousel from 'embla-carousel';
import { CAROUSEL, canGoNext, canGoPrev, canLoop, nextIndex, shouldAutoplay, swipeTarget } from '../lib/carousel.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export function initCarousel(root: HTMLElement): void {
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport');
  const track = root.querySelector<HTMLElement>('.carousel__track');
  if (!viewport || !track) return;
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel__slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel__dot')];
  const prevButton = root.querySelector<HTMLButtonElement>('[data-carousel-prev]');
  const nextButton = root.querySelector<HTMLButtonElement>('[data-carousel-next]');
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const count = slides.length;
  const motion = window.matchMedia(REDUCED_MOTION);

  // The pictures of slides 2 and on are hidden in the HTML, so that they do not compete with the
  // first slide's picture (the page's LCP element). Each comes in when the slide before it is
  // shown, in idle time: the work is spread out instead of one long task at start.
  const idle = (task: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task, 50);
  const showPicture = (i: number) => {
    const img = slides[i]?.querySelector<HTMLImageElement>('img[hidden]');
    if (img) idle(() => (img.hidden = false));
  };

  const embla = EmblaCarousel(viewport, { loop: canLoop(count), dragThreshold: CAROUSEL.minSwipePx, duration: motion.matches ? 0 : 25 });
  const state = { index: 0, animating: false, paused: false, hovered: false, focused: false, reducedMotion: motion.matches };
  let timer: number | undefined;

  const playing = () =>
    shouldAutoplay({
      slideCount: count,
      paused: state.paused,
      hovered: state.hovered || state.focused,
      reducedMotion: state.reducedMotion,
    });

  const render = () => {
    const nav = { slideCount: count, index: state.index, animating: state.animating };
    root.dataset.index = String(state.index);
    root.dataset.playing = String(playing());
    track.setAttribute('aria-live', playing() ? 'off' : 'polite');
    slides.forEach((slide, i) => {
      slide.setAttribute('aria-hidden', String(i !== state.index));
      slide.inert = i !== state.index;
    });
    dots.forEach((dot, i) => (i === state.index ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current')));
    if (prevButton) prevButton.disabled = !canGoPrev(nav);
    if (nextButton) nextButton.disabled = !canGoNext(nav);
    if (pauseButton) {
      pauseButton.hidden = state.reducedMotion || count < 2;
      pauseButton.setAttribute('aria-pressed', String(state.paused));
      // The page's own words for both states (Carousel.astro), English if missing.
      const { labelPlay = 'Play slideshow', labelPause = 'Pause slideshow' } = pauseButton.dataset;
      pauseButton.setAttribute('aria-label', state.paused ? labelPlay : labelPause);
      pauseButton.dataset.state = state.paused ? 'paused' : 'playing';
    }
    // Autoplay follows the state: one interval while playing, none otherwise.
    if (playing() && timer === undefined) {
      timer = window.setInterval(() => embla.scrollTo(nextIndex(embla.selectedScrollSnap(), count)), CAROUSEL.slideDurationMs);
    } else if (!playing() && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };

  embla
    .on('select', () => {
      state.index = embla.selectedScrollSnap();
      showPicture(state.index);
      showPicture((state.index + 1) % count);
      render();
    })
    .on('scroll', () => {
      if (!state.animating) {
        state.animating = true;
        render();
      }
    })
    .on('settle', () => {
      state.animating = false;
      render();
    });

  // Swipes as on the original site: 15 px or more moves exactly one slide, less stays. Embla's own flick
  // physics decide otherwise at times, so its landing is corrected once the pointer is released.
  let swipe: { x: number; index: number } | null = null;
  let lastX = 0;
  viewport.addEventListener('pointerdown', (e) => {
    swipe = { x: e.clientX, index: embla.selectedScrollSnap() };
    lastX = e.clientX;
  });
  window.addEventListener('pointermove', (e) => (lastX = e.clientX), { passive: true });
  embla.on('pointerUp', () => {
    const start = swipe;
    swipe = null;
    if (!start) return;
    const target = swipeTarget({ startIndex: start.index, dx: lastX - start.x, slideCount: count });
    if (embla.selectedScrollSnap() !== target) embla.scrollTo(target);
  });

  root.addEventListener('mouseenter', () => {
    state.hovered = true;
    render();
  });
  root.addEventListener('mouseleave', () => {
    state.hovered = false;
    render();
  });
  // Keyboard focus on a slide's link holds the slide still; focus on the controls does not, so
  // that pressing Play really plays.
  root.addEventListener('focusin', (e) => {
    state.focused = Boolean((e.target as Element).closest('.carousel__viewport'));
    render();
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) {
      state.focused = false;
      render();
    }
  });

  prevButton?.addEventListener('click', () => embla.scrollPrev());
  nextButton?.addEventListener('click', () => embla.scrollNext());
  dots.forEach((dot, i) => dot.addEventListener('click', () => embla.scrollTo(i)));
  pauseButton?.addEventListener('click', () => {
    state.paused = !state.paused;
    render();
  });
  motion.addEventListener('change', () => {
    state.reducedMotion = motion.matches;
    embla.reInit({ duration: motion.matches ? 0 : 25 });
    render();
  });

  render();
  showPicture(1);
  showPicture(count - 1);
  root.dataset.ready = '';
}
