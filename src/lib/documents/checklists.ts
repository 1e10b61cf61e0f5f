// The visa form's checklists, fetched when the form hydrates from the JSON the build writes
// (src/pages/data/visa-checklists.json.ts), so they are not serialized into the page's HTML.
import type { VisaChecklists } from '../content/visas.ts';

/** Where the checklists are published. */
export const CHECKLISTS_URL = '/data/visa-checklists.json';

/** Every visa type's checklist; rejects when the list does not arrive or is not an object. */
export async function fetchChecklists(signal: AbortSignal): Promise<VisaChecklists> {
  const response = await fetch(CHECKLISTS_URL, { signal });
  if (!response.ok) throw new Error(`${CHECKLISTS_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`${CHECKLISTS_URL} holds no checklists`);
  return body as VisaChecklists;
}
