// Country flags as inline SVG strings from the maintained country-flag-icons package, so a flag
// costs no request and never goes stale. Only the build imports this module; nothing ships to browsers.
import * as flags from 'country-flag-icons/string/3x2';

const byCode = flags as unknown as Record<string, string | undefined>;

/** The 3:2 SVG markup of an ISO 3166-1 alpha-2 flag, or undefined when the package has none. */
export function flagSvg(code: string): string | undefined {
  const svg = byCode[code.toUpperCase()];
  // The package's SVGs are decorative here; the wrapper carries the accessible name.
  return svg?.replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
}
