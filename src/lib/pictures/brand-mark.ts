// The brand mark, a gold bridge arc over a green disc: one drawing for the logo (Logo.astro), the
// /favicon.svg file (structured data names it as the logo) and the favicon every page links to.
// Pages link the favicon as a data: URL, so it costs no request: Chrome asks for a linked icon file
// as soon as the page stops loading, ahead of the lead picture's paint on a slow phone, and the
// request held the home page's largest paint back by up to two round trips.

/** The mark's viewBox and inner markup. */
export const BRAND_MARK = {
  viewBox: '0 0 64 64',
  body:
    '<circle cx="32" cy="32" r="32" fill="#0f5a43"/>' +
    '<path d="M10 42c6-14 14-21 22-21s16 7 22 21" fill="none" stroke="#f0a83a" stroke-width="5" stroke-linecap="round"/>' +
    '<path d="M18 42V33M32 42V26M46 42V33M8 44h48" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>',
};

/** The mark as a standalone SVG document. */
export const brandMarkSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${BRAND_MARK.viewBox}">${BRAND_MARK.body}</svg>`;

/**
 * The mark as a data: URL. Double quotes become single ones and only the characters a URL cannot
 * hold (spaces among them, for HTML validators) are escaped: shorter than base64, and it still
 * compresses with the rest of the page.
 */
export const brandMarkDataUrl = `data:image/svg+xml,${brandMarkSvg
  .replaceAll('"', "'")
  .replace(/[%#<> ]/g, (character) => encodeURIComponent(character))}`;
