// The testimonial carousel's slides as the island uses them: each photo resized at build time to
// plain src/width/height. The section's server render takes the first slide and the longest one;
// the whole list is published as /data/testimonials.json, which the island fetches when it
// hydrates, so eighteen testimonies are not serialized into the home page's HTML.
import { getImage } from 'astro:assets';
import type { CarouselTestimonial } from './carousel.ts';
import { getTestimonials } from './home.ts';

/** Shown at 96 px; 192 px keeps photos sharp on high-density screens. */
const PHOTO_PX = 192;

/** Where the island fetches the full list from (src/pages/data/testimonials.json.ts writes it). */
export const SLIDES_URL = '/data/testimonials.json';

/** Every testimony as a carousel slide, in id order. */
export async function getCarouselSlides(): Promise<CarouselTestimonial[]> {
  const items = await getTestimonials();
  return Promise.all(
    items.map(async ({ id, text, name, country, image }) => {
      const photo = await getImage({ src: image.src, width: PHOTO_PX, height: PHOTO_PX, format: 'webp', fit: 'cover' });
      return { id, text, name, country, image: { src: photo.src, width: 96, height: 96, alt: image.alt } };
    }),
  );
}
