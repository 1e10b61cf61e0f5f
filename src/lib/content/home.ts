// The small JSON collections the home and services pages show: testimonials, testimony videos,
// FAQ, process steps, test-prep cards and continents.
import { getCollection, type CollectionEntry } from 'astro:content';

type Data<C extends Parameters<typeof getCollection>[0]> = CollectionEntry<C>['data'];

/** Loads a JSON collection's entries in file order. */
async function all<C extends 'testimonials' | 'videos' | 'faq' | 'process' | 'testPrep' | 'continents'>(
  name: C,
): Promise<Data<C>[]> {
  const entries = await getCollection(name);
  return entries.map((entry) => entry.data as Data<C>);
}

/** The testimonial carousel's entries, in id order. */
export async function getTestimonials(): Promise<Data<'testimonials'>[]> {
  return (await all('testimonials')).sort((a, b) => a.id - b.id);
}

/** The two testimony videos, in id order. */
export async function getVideos(): Promise<Data<'videos'>[]> {
  return (await all('videos')).sort((a, b) => a.id - b.id);
}

/** The FAQ, in file order. */
export async function getFaq(): Promise<Data<'faq'>[]> {
  return all('faq');
}

/** The application process, by step number. */
export async function getProcessSteps(): Promise<Data<'process'>[]> {
  return (await all('process')).sort((a, b) => a.step - b.step);
}

/** The three test-prep cards (IELTS, TOEFL, Citizenship test), in file order. */
export async function getTestPrep(): Promise<Data<'testPrep'>[]> {
  return all('testPrep');
}

/** The six continents of "Visa Services by Continent", in file order. */
export async function getContinents(): Promise<Data<'continents'>[]> {
  return all('continents');
}
