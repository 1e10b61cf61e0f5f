// /favicon.svg: the brand mark as a file, for whatever asks for it by address (structured data names
// it as the organisation's logo). Pages themselves link the same drawing inline (src/lib/pictures/brand-mark.ts).
import type { APIRoute } from 'astro';
import { brandMarkSvg } from '../lib/pictures/brand-mark.ts';

export const GET: APIRoute = () => new Response(brandMarkSvg, { headers: { 'Content-Type': 'image/svg+xml' } });
