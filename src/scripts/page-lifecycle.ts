// One way for every behaviour script to set itself up on each page. With Astro's ClientRouter a
// module runs once per visit while pages are swapped under it, so per-page work listens to
// `astro:page-load` (also fired for the first page) and undoes itself on `astro:before-swap`.

type Cleanup = () => void;

// Keys of what is already installed in this window. Astro may inline a small script, and the router
// re-runs inline scripts on every visit to their page, so a module alone cannot promise "once".
const installed: Set<string> = ((globalThis as { __behaviours?: Set<string> }).__behaviours ??= new Set());

/** Runs `install` once per window under `key`, however often the calling script is executed. */
export function oncePerWindow(key: string, install: () => void): void {
  if (installed.has(key)) return;
  installed.add(key);
  install();
}

const routerEnabled = (): boolean =>
  document.querySelector('meta[name="astro-view-transitions-enabled"]') !== null;

/**
 * Runs `setup` for the current page and for every page the router swaps in (once per window under
 * `key`); its cleanup runs before each swap.
 */
export function onEveryPage(key: string, setup: () => Cleanup | void): void {
  if (!routerEnabled()) {
    // Without the router each page is a fresh document: run once, nothing to undo.
    oncePerWindow(key, setup);
    return;
  }
  oncePerWindow(key, () => {
    let cleanup: Cleanup | void;
    document.addEventListener('astro:page-load', () => {
      cleanup?.();
      cleanup = setup();
    });
    document.addEventListener('astro:before-swap', () => {
      cleanup?.();
      cleanup = undefined;
    });
  });
}

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
