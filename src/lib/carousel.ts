/**
 * The carousel's state rules (as on the original site: one slide at a time, wrapping, a pause on
 * hover), kept apart from the page's script (src/client-scripts/carousel.ts) so they can be
 * unit-tested and read in one place.
 */
export const CAROUSEL = {
  /** Time each slide stays before autoplay moves on. */
  slideDurationMs: 2000,
  /** A swipe shorter than this does not move the carousel. */
  minSwipePx: 15,
} as const;

/** Looping is allowed only with more than 2 slides. */
export const canLoop = (slideCount: number): boolean => slideCount > 2;

export interface NavState {
  slideCount: number;
  index: number;
  animating: boolean;
}

/** Previous/next are disabled while animating or with fewer than 2 slides; at the ends unless looping. */
export function canGoPrev({ slideCount, index, animating }: NavState): boolean {
  if (animating || slideCount < 2) return false;
  return canLoop(slideCount) || index > 0;
}
export function canGoNext({ slideCount, index, animating }: NavState): boolean {
  if (animating || slideCount < 2) return false;
  return canLoop(slideCount) || index < slideCount - 1;
}

export interface AutoplayState {
  slideCount: number;
  /** The visitor pressed pause. */
  paused: boolean;
  /** The pointer is over the carousel (or focus is inside it). */
  hovered: boolean;
  /** The visitor asked the system for reduced motion. */
  reducedMotion: boolean;
}

/** Autoplay runs only with 2+ slides, not paused, not hovered, and not under reduced motion. */
export const shouldAutoplay = ({ slideCount, paused, hovered, reducedMotion }: AutoplayState): boolean =>
  slideCount >= 2 && !paused && !hovered && !reducedMotion;

/** The next index autoplay goes to: wraps to 0 at the end (Embla loops or jumps back). */
export const nextIndex = (index: number, slideCount: number): number => (slideCount ? (index + 1) % slideCount : 0);

export interface Swipe {
  /** Slide selected when the pointer went down. */
  startIndex: number;
  /** Horizontal pointer travel in px (negative: towards the left, i.e. to the next slide). */
  dx: number;
  slideCount: number;
}

/**
 * Where a swipe must land: a swipe of 15 px or more moves exactly one slide in its direction
 * (wrapping only when looping is allowed); a shorter one stays on the slide it started from.
 */
export function swipeTarget({ startIndex, dx, slideCount }: Swipe): number {
  if (Math.abs(dx) < CAROUSEL.minSwipePx || slideCount < 2) return startIndex;
  const step = dx < 0 ? 1 : -1;
  const target = startIndex + step;
  if (canLoop(slideCount)) return (target + slideCount) % slideCount;
  return Math.min(Math.max(target, 0), slideCount - 1);
}
