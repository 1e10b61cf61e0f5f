// The small JSON collections the home and services pages show: testimonials, testimony videos,
// FAQ, process steps, test-prep cards and continents.
import { getCollection, type CollectionEntry } from 'astro:content';
import { byPosition } from './order.ts';
import { toPicture, type Picture } from '../pictures/picture.ts';

type Data<C extends 'testimonials' | 'videos' | 'faq' | 'process' | 'testPrep' | 'continents'> = CollectionEntry<C>['data'];

/** A testimonial with its portrait. */
type TestimonialView = Omit<Data<'testimonials'>, 'image'> & { image: Picture };
/** A testimony video with its poster frame. */
type VideoView = Omit<Data<'videos'>, 'poster'> & { poster: Picture };
/** A continent of "Visa Services by Continent". */
export type ContinentView = Omit<Data<'continents'>, 'image'> & { image: Picture };

/** The testimonial carousel's entries, in id order. */
export async function getTestimonials(): Promise<TestimonialView[]> {
  const entries = await getCollection('testimonials');
  return entries.map(({ data }) => ({ ...data, image: toPicture(data.image) })).sort((a, b) => a.id - b.id);
}

/** The testimony videos, in id order. */
export async function getVideos(): Promise<VideoView[]> {
  const entries = await getCollection('videos');
  return entries.map(({ data }) => ({ ...data, poster: toPicture(data.poster) })).sort((a, b) => a.id - b.id);
}

/** The FAQ, in file order. */
export async function getFaq(): Promise<Data<'faq'>[]> {
  return (await getCollection('faq')).map((entry) => entry.data).sort(byPosition);
}

/** The application process, by step number. */
export async function getProcessSteps(): Promise<Data<'process'>[]> {
  return (await getCollection('process')).map((entry) => entry.data).sort((a, b) => a.step - b.step);
}

/** The test-prep cards, in file order. */
export async function getTestPrep(): Promise<Data<'testPrep'>[]> {
  return (await getCollection('testPrep')).map((entry) => entry.data).sort(byPosition);
}

/** The continents of "Visa Services by Continent", in file order. */
export async function getContinents(): Promise<ContinentView[]> {
  return (await getCollection('continents')).map(({ data }) => ({ ...data, image: toPicture(data.image) })).sort(byPosition);
}
