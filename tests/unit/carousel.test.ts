import { describe, expect, it } from 'vitest';
import { CAROUSEL, canGoNext, canGoPrev, canLoop, nextIndex, shouldAutoplay, swipeTarget } from '../../src/lib/carousel.ts';

describe('carousel state rules', () => {
  it('uses a 2000 ms slide duration and a 15 px minimum swipe', () => {
    expect(CAROUSEL.slideDurationMs).toBe(2000);
    expect(CAROUSEL.minSwipePx).toBe(15);
  });

  it('loops only with more than 2 slides', () => {
    expect(canLoop(0)).toBe(false);
    expect(canLoop(1)).toBe(false);
    expect(canLoop(2)).toBe(false);
    expect(canLoop(3)).toBe(true);
  });

  it('disables prev and next while animating', () => {
    expect(canGoNext({ slideCount: 4, index: 1, animating: true })).toBe(false);
    expect(canGoPrev({ slideCount: 4, index: 1, animating: true })).toBe(false);
    expect(canGoNext({ slideCount: 4, index: 1, animating: false })).toBe(true);
    expect(canGoPrev({ slideCount: 4, index: 1, animating: false })).toBe(true);
  });

  it('disables prev and next with fewer than 2 slides', () => {
    for (const slideCount of [0, 1]) {
      expect(canGoNext({ slideCount, index: 0, animating: false })).toBe(false);
      expect(canGoPrev({ slideCount, index: 0, animating: false })).toBe(false);
    }
  });

  it('with 2 slides (no loop) stops at the ends; with more it wraps', () => {
    expect(canGoPrev({ slideCount: 2, index: 0, animating: false })).toBe(false);
    expect(canGoNext({ slideCount: 2, index: 0, animating: false })).toBe(true);
    expect(canGoNext({ slideCount: 2, index: 1, animating: false })).toBe(false);
    expect(canGoPrev({ slideCount: 3, index: 0, animating: false })).toBe(true);
    expect(canGoNext({ slideCount: 3, index: 2, animating: false })).toBe(true);
  });

  it('autoplays unless paused, hovered, under reduced motion, or with one slide', () => {
    const base = { slideCount: 4, paused: false, hovered: false, reducedMotion: false };
    expect(shouldAutoplay(base)).toBe(true);
    expect(shouldAutoplay({ ...base, paused: true })).toBe(false);
    expect(shouldAutoplay({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoplay({ ...base, reducedMotion: true })).toBe(false);
    expect(shouldAutoplay({ ...base, slideCount: 1 })).toBe(false);
  });

  it('autoplay advances and wraps to the first slide', () => {
    expect(nextIndex(0, 4)).toBe(1);
    expect(nextIndex(3, 4)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('swipes', () => {
  it('a swipe of 15 px or more moves one slide in its direction', () => {
    expect(swipeTarget({ startIndex: 1, dx: -15, slideCount: 4 })).toBe(2);
    expect(swipeTarget({ startIndex: 1, dx: 15, slideCount: 4 })).toBe(0);
    expect(swipeTarget({ startIndex: 1, dx: -400, slideCount: 4 })).toBe(2);
  });

  it('a shorter swipe stays on the slide', () => {
    expect(swipeTarget({ startIndex: 1, dx: -14, slideCount: 4 })).toBe(1);
    expect(swipeTarget({ startIndex: 1, dx: 14.9, slideCount: 4 })).toBe(1);
  });

  it('wraps only when looping is allowed', () => {
    expect(swipeTarget({ startIndex: 3, dx: -20, slideCount: 4 })).toBe(0);
    expect(swipeTarget({ startIndex: 0, dx: 20, slideCount: 4 })).toBe(3);
    expect(swipeTarget({ startIndex: 1, dx: -20, slideCount: 2 })).toBe(1);
    expect(swipeTarget({ startIndex: 0, dx: 20, slideCount: 2 })).toBe(0);
    expect(swipeTarget({ startIndex: 0, dx: -20, slideCount: 1 })).toBe(0);
  });
});
