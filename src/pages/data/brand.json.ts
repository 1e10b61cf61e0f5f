// /data/brand.json: the name and contact details the notification emails show, read by the
// send-notifications function (src/lib/content/published-brand.ts says why and what it holds).
import type { APIRoute } from 'astro';
import { getSite } from '../../lib/content/settings.ts';
import { publishedBrand } from '../../lib/content/published-brand.ts';

export const GET: APIRoute = async () => Response.json(publishedBrand(await getSite()));
