// Calls `advance` after `intervalMs` while `active`; any change of `step` restarts the wait, so a
// visitor who just moved the carousel gets a full interval with the slide they chose.
import { useEffect, useRef } from 'react';

/** Schedules `advance` once per interval while `active`, restarting the wait whenever `step` changes. */
export function useAutoplay(active: boolean, intervalMs: number, step: number, advance: () => void): void {
  const advanceRef = useRef(advance);
  advanceRef.current = advance;
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => advanceRef.current(), intervalMs);
    return () => clearTimeout(timer);
  }, [active, intervalMs, step]);
}
