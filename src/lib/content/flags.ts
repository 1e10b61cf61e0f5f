// Country flags from the maintained country-flag-icons package, published as small static SVG files
// (src/pages/flags/[code].svg.ts) that pages show with <img>: a flag is cached once for every page
// that shows it, and its markup stays out of the HTML that first paint waits for (the home page's
// ten inline flags were 2 KB of its compressed HTML). Only the build imports this module.
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
