// Follows the visitor's "reduce motion" system setting, live.
import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** True while the visitor prefers reduced motion; false during server rendering. */
export function useReducedMotion(): boolean {
  // Starts false on the server and the first client render alike, so hydration matches.
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return reduced;
}
