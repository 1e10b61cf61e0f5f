// /data/visa-checklists.json: each visa type's documents (names only), fetched by the visa form
// when it hydrates. Passed as island props they took 4.7 KB of the page's HTML and pushed it past
// the first round trip; fetched, they cost the first paint nothing.
import type { APIRoute } from 'astro';
import { getVisas, visaChecklists } from '../../lib/content/visas.ts';

/** Serves every visa type's checklist. */
export const GET: APIRoute = async () => Response.json(visaChecklists(await getVisas()));
