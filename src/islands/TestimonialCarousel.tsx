// The testimonial carousel: one testimony at a time, advancing every interval and wrapping, with
// previous / next / pause buttons and swipes. It holds still while hovered or focused, and never
// moves by itself under reduced motion. Only the shown testimony is in the page, so the server
// render stays small and screen readers meet one slide at a time.
//
// The page carries only the first testimony and the longest (which sizes the box); the island
// fetches the whole list when it hydrates (see lib/content/carousel-slides.ts). A move made
// before the list has arrived is kept and shown as soon as it does. Until the list arrives (or when
// it cannot), the island has only the slide its server render showed; after a failure the next press
// asks again, so a visitor who was offline for a moment gets the carousel back.
import { useEffect, useState, type HTMLAttributes } from 'react';
import { fetchSlides, nextIndex, previousIndex, shouldAutoAdvance, type CarouselTestimonial } from '../lib/content/carousel.ts';
import { useAutoplay } from './hooks/use-autoplay';
import { useFetch } from './hooks/use-fetch';
import { useReducedMotion } from './hooks/use-reduced-motion';
import { useSwipe } from './hooks/use-swipe';

interface Props {
  /** The testimony shown first, rendered on the server. */
  first: CarouselTestimonial;
  /** The testimony that needs the most room. */
  sizer: CarouselTestimonial;
  /** How many testimonies there are, for "1 / 18" before the list has arrived. */
  count: number;
  /** Where the full list is fetched from. */
  src: string;
  intervalMs: number;
  swipeThresholdPx: number;
}

/** The testimonial carousel island (hydrated when it nears the viewport). */
export default function TestimonialCarousel({ first, sizer, count: pageCount, src, intervalMs, swipeThresholdPx }: Props) {
  const list = useFetch(src, (signal) => fetchSlides(src, signal));
  const slides = list.result?.ok ? list.result.data : null;
  // The list is the authority once it has arrived; until then the page's count stands in for it.
  const count = slides?.length ?? pageCount;
  const retry = () => {
    if (list.result?.ok === false) list.retry();
  };
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();

  const next = () => {
    retry();
    setIndex((current) => nextIndex(current, count));
  };
  const previous = () => {
    retry();
    setIndex((current) => previousIndex(current, count));
  };
  const autoAdvancing = shouldAutoAdvance({ count, intervalMs, paused: !playing, hovered, focused, reducedMotion });
  useAutoplay(autoAdvancing, intervalMs, index, next);
  const swipe = useSwipe(swipeThresholdPx, (direction) => (direction === 'next' ? next() : previous()));
  // Only the first slide is known until the list arrives; the position shown follows what is shown.
  const shown = slides ? index % count : 0;
  const current = slides?.[shown] ?? first;
  // Warm the cache with the next photo so it is there when its slide comes in.
  const upcoming = slides?.[nextIndex(shown, count)]?.image.src;
  useEffect(() => {
    if (upcoming) new Image().src = upcoming;
  }, [upcoming]);

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      // Only a real mouse hovers: a tap's emulated hover would otherwise pause it until the next tap.
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Announced politely when the visitor moves it; silent while it turns by itself. */}
      <div className="carousel-slides" aria-live={autoAdvancing ? 'off' : 'polite'} {...swipe}>
        {/* An invisible copy of the longest testimony shares the slide's grid cell, so the box is
            as tall as it will ever need to be from the first paint: changing slides shifts nothing. */}
        <Slide item={sizer} photo={false} className="carousel-sizer" aria-hidden />
        <Slide
          key={current.id}
          item={current}
          photo
          className="carousel-slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${shown + 1} of ${count}`}
        />
      </div>
      <div className="carousel-controls">
        <button type="button" onClick={previous} aria-label="Previous testimonial">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M15.4 7.4L14 6l-6 6 6 6 1.4-1.4L10.8 12z" fill="currentColor" />
          </svg>
        </button>
        <span className="carousel-position">
          {shown + 1} / {count}
        </span>
        {/* Nothing turns by itself under reduced motion, so the button hides but keeps its place. */}
        <button
          type="button"
          onClick={() => setPlaying((value) => !value)}
          aria-label={playing ? 'Pause testimonials' : 'Play testimonials'}
          style={reducedMotion ? { visibility: 'hidden' } : undefined}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={playing ? 'M6 5h4v14H6zm8 0h4v14h-4z' : 'M8 5v14l11-7z'} fill="currentColor" />
          </svg>
        </button>
        <button type="button" onClick={next} aria-label="Next testimonial">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M8.6 16.6L10 18l6-6-6-6-1.4 1.4 4.6 4.6z" fill="currentColor" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** One testimony: photo (or a box of its size), words, name and country. */
function Slide({ item, photo, ...attributes }: { item: CarouselTestimonial; photo: boolean } & HTMLAttributes<HTMLElement>) {
  return (
    <figure {...attributes}>
      {photo ? (
        <img
          src={item.image.src}
          width={item.image.width}
          height={item.image.height}
          alt={item.image.alt}
          loading="lazy"
          fetchPriority="low"
          decoding="async"
          draggable={false}
        />
      ) : (
        <span className="carousel-photo-space" />
      )}
      <blockquote>
        <p>{item.text}</p>
      </blockquote>
      <figcaption>
        <strong>{item.name}</strong>
        <span>{item.country}</span>
      </figcaption>
    </figure>
  );
}
