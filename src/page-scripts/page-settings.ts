// What the behaviour scripts read before they act: the visitor's motion preference and the numbers
// the page configures in data attributes (durations, thresholds from content/site.json).

/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Reads a non-negative integer from a data attribute, or `fallback` when it is missing or malformed. */
export function numberFrom(element: HTMLElement | null, attribute: string, fallback: number): number {
  const raw = element?.getAttribute(attribute)?.trim();
  // Number('') and Number(null) are 0, which would silently turn "missing" into "off".
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}
