// The carousel's arithmetic and its list's fetch, kept apart from React so they are unit-tested in
// Node and shared by the island, its hooks and the section that renders it on the server.
import { failed, succeeded, type Result } from '../result.ts';

/** One testimony as the island receives it: the photo already resized to plain src/width/height. */
export interface CarouselTestimonial {
  id: number;
  text: string;
  name: string;
  country: string;
  image: { src: string; width: number; height: number; alt: string };
}

/**
 * The full list of slides at `src` (lib/content/carousel-slides.ts writes it). Fails when it does
 * not arrive, or holds no slides: an empty or malformed list must not replace the testimony the
 * page already shows with an empty box. The failure has no words: the carousel keeps the page's
 * testimony and asks again on the visitor's next move.
 */
export async function fetchSlides(src: string, signal: AbortSignal): Promise<Result<CarouselTestimonial[]>> {
  try {
    const response = await fetch(src, { signal });
    if (!response.ok) return failed('refused', '');
    const body: unknown = await response.json();
    return Array.isArray(body) && body.length > 0 ? succeeded(body as CarouselTestimonial[]) : failed('unexpected', '');
  } catch {
    return failed('network', '');
  }
}

/**
 * The testimony that needs the most room (the longest text, then name and country). An invisible
 * copy of it sizes the carousel's box, so changing slides never changes the page's height.
 */
export function longestTestimony(items: CarouselTestimonial[]): CarouselTestimonial | undefined {
  const size = (item: CarouselTestimonial) => item.text.length + item.name.length + item.country.length;
  return items.reduce<CarouselTestimonial | undefined>((best, item) => (!best || size(item) > size(best) ? item : best), undefined);
}

/** The index after `index` in a ring of `count` slides (wraps from the last to the first). */
export function nextIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** The index before `index` in a ring of `count` slides (wraps from the first to the last). */
export function previousIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index - 1 + count) % count;
}

/** Which way a swipe moves the carousel, or null when the gesture is not a swipe. */
export type SwipeDirection = 'next' | 'previous' | null;

/**
 * What a pointer gesture means: a horizontal travel of more than `thresholdPx` that is mostly
 * horizontal moves the carousel (leftwards shows the next slide), anything else does not.
 */
export function swipeDirection(deltaX: number, deltaY: number, thresholdPx: number): SwipeDirection {
  const distance = Math.abs(deltaX);
  // A gesture that is more vertical than horizontal is the visitor scrolling the page.
  if (distance <= thresholdPx || distance <= Math.abs(deltaY)) return null;
  return deltaX < 0 ? 'next' : 'previous';
}

/** Whether the carousel may advance by itself right now. */
export function shouldAutoAdvance(state: {
  count: number;
  intervalMs: number;
  paused: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}): boolean {
  return (
    state.count > 1 &&
    state.intervalMs > 0 &&
    !state.paused &&
    !state.hovered &&
    !state.focused &&
    !state.reducedMotion
  );
}
