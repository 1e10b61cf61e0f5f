// /data/testimonials.json: the carousel's slides, fetched by the island when it hydrates.
import type { APIRoute } from 'astro';
import { getCarouselSlides } from '../../lib/content/carousel-slides.ts';

/** Serves every slide, in id order. */
export const GET: APIRoute = async () => Response.json(await getCarouselSlides());
