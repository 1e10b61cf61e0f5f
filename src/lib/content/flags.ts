// Country flags from the maintained country-flag-icons package, published as small static SVG files
// (src/pages/flags/[code].svg.ts) that pages show with <img>: a flag is cached once for every page
// that shows it, and its markup stays out of the HTML that first paint waits for (the home page's
// ten inline flags were 2 KB of its compressed HTML). The one flag in a page's first view (the country
// page's header) is drawn inline instead (flagDrawing): a file would be a request of its own, and on a
// slow phone it was fetched ahead of the page's lead photo and held the largest paint back by a round
// trip. Only the build imports this module.
import * as flags from 'country-flag-icons/string/3x2';

const byCode = flags as unknown as Record<string, string | undefined>;

/** The 3:2 SVG document of an ISO 3166-1 alpha-2 flag, or undefined when the package has none. */
export function flagSvg(code: string): string | undefined {
  return byCode[code.toUpperCase()];
}

/** Where a flag's SVG file is served, or undefined when the package has no such flag. */
export function flagHref(code: string): string | undefined {
  return flagSvg(code) ? `/flags/${code.toLowerCase()}.svg` : undefined;
}

/** A flag's viewBox and inner markup, for drawing it as an inline <svg>; undefined when the package has none. */
export function flagDrawing(code: string): { viewBox: string; body: string } | undefined {
  const match = flagSvg(code)?.match(/^<svg [^>]*viewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>\s*$/);
  return match ? { viewBox: match[1]!, body: match[2]! } : undefined;
}
