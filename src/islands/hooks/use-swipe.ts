// Horizontal swipes (touch, pen or mouse) on an element, judged by the shared carousel rule.
import { useRef, type PointerEvent } from 'react';
import { swipeDirection, type SwipeDirection } from '../../lib/content/carousel.ts';

/** Pointer handlers that call `onSwipe` when a gesture travels more than `thresholdPx` sideways. */
export function useSwipe(thresholdPx: number, onSwipe: (direction: Exclude<SwipeDirection, null>) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (!event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const origin = start.current;
      start.current = null;
      if (!origin || origin.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - origin.x, event.clientY - origin.y, thresholdPx);
      if (direction) onSwipe(direction);
    },
    onPointerCancel() {
      // The browser took the gesture over (a vertical scroll): it was not a swipe.
      start.current = null;
    },
  };
}
