// Pictures as pages use them. The content schemas type `image()` results loosely (they are shared
// with tests that have no Astro), so view helpers check each one here and hand pages a precise type.
import type { ImageMetadata } from 'astro';

/** An imported image and the alternative text a screen reader announces. */
export interface Picture {
  src: ImageMetadata;
  alt: string;
}

/** True for the metadata object Astro's `image()` schema helper produces. */
export function isImageMetadata(value: unknown): value is ImageMetadata {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate['src'] === 'string' && typeof candidate['width'] === 'number' && typeof candidate['height'] === 'number';
}

/** Narrows a content picture (`{ src, alt, ...extra }`) to a typed Picture, keeping its extra fields. */
export function toPicture<T extends { src: unknown; alt: string }>(picture: T): Omit<T, 'src'> & Picture {
  const { src } = picture;
  if (!isImageMetadata(src)) {
    throw new Error(`Expected an image processed by the content schema, got ${JSON.stringify(src)} (alt "${picture.alt}").`);
  }
  return { ...picture, src };
}
