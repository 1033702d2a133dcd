/**
 * The carousel's state rules (SPEC sections 4 and 9), kept apart from React so they can be
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
