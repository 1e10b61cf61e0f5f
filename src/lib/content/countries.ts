// Destination countries as pages use them: sorted by id, visa links resolved.
import { getCollection, type CollectionEntry } from 'astro:content';
import { getVisas, visaByType } from './visas.ts';
import { toPicture, type Picture } from '../pictures/picture.ts';

/** A country ready to render on the grid and its detail page. */
export interface CountryView {
  id: number;
  name: string;
  /** The flag's ISO 3166-1 alpha-2 code (Flag.astro draws it). */
  flagCode: string;
  href: string;
  images: (Picture & { placeName: string })[];
  descriptions: string[];
  visaTypes: { type: string; href: string }[];
  visaFree: string;
  entry: CollectionEntry<'countries'>;
}

/** Every country, in id order. */
export async function getCountries(): Promise<CountryView[]> {
  const [entries, visas] = await Promise.all([getCollection('countries'), getVisas()]);
  return entries
    .map((entry): CountryView => {
      const { data } = entry;
      return {
        id: data.id,
        name: data.name,
        flagCode: data.flag,
        href: `/country/${data.id}`,
        images: data.images.map(toPicture),
        descriptions: data.descriptions,
        // A visa type links to its own detail page; the list page is the fallback.
        visaTypes: data.visaTypes.map((type) => ({ type, href: visaByType(visas, type)?.detailHref ?? '/visa' })),
        visaFree: data.visaFree,
        entry,
      };
    })
    .sort((a, b) => a.id - b.id);
}
