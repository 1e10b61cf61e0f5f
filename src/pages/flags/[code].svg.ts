// /flags/{code}.svg: one static SVG file per destination's flag, written at build time.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { flagSvg } from '../../lib/content/flags.ts';

export const getStaticPaths = (async () => {
  const countries = await getCollection('countries');
  const codes = new Set(countries.map((country) => country.data.flag.toLowerCase()));
  return [...codes].map((code) => ({ params: { code } }));
}) satisfies GetStaticPaths;

/** Serves the package's flag drawing as an image file. */
export const GET: APIRoute = ({ params }) => {
  const svg = flagSvg(params.code ?? '');
  if (!svg) return new Response(null, { status: 404 });
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
};
