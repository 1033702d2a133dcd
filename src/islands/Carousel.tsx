import { useCallback, useEffect, useRef, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { CAROUSEL, canGoNext, canGoPrev, canLoop, nextIndex, shouldAutoplay, swipeTarget } from '@/lib/carousel';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

export interface Slide {
  title: string;
  text: string;
  href: string;
  linkText: string;
  image: { src: string; width: number; height: number; alt: string; srcset?: string; sizes?: string };
}

/**
 * Home-page hero carousel: 2 s autoplay that pauses on hover, on focus and on the pause button;
 * swipe (15 px or more), prev/next and dots. Honours prefers-reduced-motion: no autoplay and no
 * sliding animation.
 */
export default function Carousel({ slides, label = 'Highlights' }: { slides: Slide[]; label?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({
    loop: canLoop(slides.length),
    dragThreshold: CAROUSEL.minSwipePx,
    duration: reducedMotion ? 0 : 25,
  });
  const [index, setIndex] = useState(0);
  const [animating, setAnimating] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // Swipes follow SPEC: 15 px or more moves one slide, less stays. Embla's own flick physics
  // decide otherwise at times, so its landing is corrected once the pointer is released.
  const swipe = useRef<{ x: number; index: number } | null>(null);
  const lastX = useRef(0);
  useEffect(() => {
    if (!embla) return;
    const root = embla.rootNode();
    const onDown = (e: PointerEvent) => {
      swipe.current = { x: e.clientX, index: embla.selectedScrollSnap() };
      lastX.current = e.clientX;
    };
    const onMove = (e: PointerEvent) => {
      lastX.current = e.clientX;
    };
    const onUp = () => {
      const start = swipe.current;
      swipe.current = null;
      if (!start) return;
      const target = swipeTarget({ startIndex: start.index, dx: lastX.current - start.x, slideCount: slides.length });
      if (embla.selectedScrollSnap() !== target) embla.scrollTo(target);
    };
    root.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove, { passive: true });
    embla.on('pointerUp', onUp);
    return () => {
      root.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      embla.off('pointerUp', onUp);
    };
  }, [embla, slides.length]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setIndex(embla.selectedScrollSnap());
    const onScroll = () => setAnimating(true);
    const onSettle = () => setAnimating(false);
    embla.on('select', onSelect).on('scroll', onScroll).on('settle', onSettle).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('scroll', onScroll).off('settle', onSettle).off('reInit', onSelect);
    };
  }, [embla]);

  const playing = shouldAutoplay({ slideCount: slides.length, paused, hovered: hovered || focused, reducedMotion });

  useEffect(() => {
    if (!embla || !playing) return;
    const timer = window.setInterval(() => {
      embla.scrollTo(nextIndex(embla.selectedScrollSnap(), slides.length));
    }, CAROUSEL.slideDurationMs);
    return () => window.clearInterval(timer);
  }, [embla, playing, slides.length]);

  const nav = { slideCount: slides.length, index, animating };
  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-index={index}
      data-playing={playing}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus on a slide's link holds the slide still; focus on the controls does not,
      // so that pressing Play really plays.
      onFocus={(e) => setFocused(Boolean(e.target.closest('.carousel__viewport')))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              className="carousel__slide"
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <img
                src={slide.image.src}
                srcSet={slide.image.srcset}
                sizes={slide.image.sizes}
                width={slide.image.width}
                height={slide.image.height}
                alt={slide.image.alt}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
              <div className="carousel__caption">
                <h2 className="carousel__title">{slide.title}</h2>
                <p>{slide.text}</p>
                <a className="button button--accent" href={slide.href}>
                  {slide.linkText}
                </a>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <button type="button" className="carousel__btn" onClick={prev} disabled={!canGoPrev(nav)} aria-label="Previous slide">
          <IconChevronLeft aria-hidden="true" />
        </button>
        <div className="carousel__dots">
          {slides.map((slide, i) => (
            <button
              type="button"
              key={slide.title}
              className="carousel__dot"
              aria-label={`Go to slide ${i + 1}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => embla?.scrollTo(i)}
            />
          ))}
        </div>
        <button type="button" className="carousel__btn" onClick={next} disabled={!canGoNext(nav)} aria-label="Next slide">
          <IconChevronRight aria-hidden="true" />
        </button>
        {!reducedMotion && slides.length >= 2 && (
          <button
            type="button"
            className="carousel__btn carousel__pause"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
          >
            {paused ? <IconPlayerPlay aria-hidden="true" /> : <IconPlayerPause aria-hidden="true" />}
          </button>
        )}
      </div>
    </section>
  );
}
