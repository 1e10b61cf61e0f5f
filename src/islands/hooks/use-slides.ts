// Fetches the carousel's full list of slides once the island runs. Until it arrives (or when it
// cannot), the island has only the slide its server render showed; `retry` asks again after a
// failure, so a visitor who was offline for a moment gets the carousel back with the next press.
import { useCallback, useEffect, useState } from 'react';
import type { CarouselTestimonial } from '../../lib/carousel';

/** The slides at `src` (null until they have arrived), and a way to ask again after a failure. */
export function useSlides(src: string): { slides: CarouselTestimonial[] | null; retry: () => void } {
  const [slides, setSlides] = useState<CarouselTestimonial[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetch(src, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`${src} answered ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then((body) => {
        // An empty or malformed list keeps what the page already shows rather than an empty box.
        if (!Array.isArray(body) || body.length === 0) throw new Error(`${src} holds no slides`);
        setSlides(body as CarouselTestimonial[]);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [src, attempt]);
  const retry = useCallback(() => {
    if (!failed) return;
    setFailed(false);
    setAttempt((count) => count + 1);
  }, [failed]);
  return { slides, retry };
}
