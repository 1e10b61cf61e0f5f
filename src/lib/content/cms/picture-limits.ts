// How large a picture an editor may upload in the CMS (src/cms/picture-guard.ts scales a larger
// one down before it is stored, and refuses one still too heavy). The site's pages never show a
// picture wider than about 1,200 CSS pixels, so 2,400 pixels covers a sharp screen twice over;
// Astro makes the smaller sizes from it at build.
export const PICTURE_LIMITS = {
  /** The longest side, in pixels. */
  maxSide: 2400,
  /** The file's size, in bytes (2 MB). */
  maxBytes: 2 * 1_048_576,
} as const;
