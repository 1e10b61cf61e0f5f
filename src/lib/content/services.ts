// The services (/services/{id}) and the static service pages (/service-details/{slug}).
import { getCollection, type CollectionEntry } from 'astro:content';
import { toPicture, type Picture } from '../pictures/picture.ts';

/** A service card and its detail page. */
export interface ServiceView {
  id: number;
  title: string;
  description: string;
  image: Picture;
  href: string;
  entry: CollectionEntry<'services'>;
}

/** A static service page; `slug` is its file name (consultancy, trip-planning, ...). */
export interface ServicePageView {
  slug: string;
  href: string;
  title: string;
  description: string;
  images: (Picture & { caption: string })[];
  link: { label: string; href: string };
  highlights: string[];
  testimonials: { name: string; review: string }[];
  pricing: string;
  entry: CollectionEntry<'servicePages'>;
}

/** Every service, in id order. */
export async function getServices(): Promise<ServiceView[]> {
  const entries = await getCollection('services');
  return entries
    .map((entry): ServiceView => ({
      id: entry.data.id,
      title: entry.data.title,
      description: entry.data.description,
      image: toPicture(entry.data.image),
      href: `/services/${entry.data.id}`,
      entry,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Every static service page, in the editors' chosen order. */
export async function getServicePages(): Promise<ServicePageView[]> {
  const entries = await getCollection('servicePages');
  return entries
    .sort((a, b) => a.data.order - b.data.order)
    .map((entry): ServicePageView => ({
      slug: entry.id,
      href: `/service-details/${entry.id}`,
      title: entry.data.title,
      description: entry.data.description,
      images: entry.data.images.map(toPicture),
      link: entry.data.link,
      highlights: entry.data.highlights,
      testimonials: entry.data.testimonials,
      pricing: entry.data.pricing,
      entry,
    }));
}
