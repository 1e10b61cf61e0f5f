// The widths a responsive picture is written in. Astro's <Image> and <Picture> write the fallback
// `src` at the original's width (1,200 px) unless told otherwise: a file of its own, whose hashed
// name nothing else on the page shares (about 10 bytes of gzip each, a hundred bytes on a page of
// cards). At the largest width of the srcset, `src` names a file the srcset already has: the
// repetition compresses to almost nothing, and the build writes one file less per picture. Astro
// leaves out of the srcset any width larger than the original (it does not enlarge), so the
// fallback stops at the original's width too.
export function responsiveWidths(original: { width: number }, widths: number[]): { widths: number[]; width: number } {
  return { widths, width: Math.min(Math.max(...widths), original.width) };
}
