// The visa form's checklists, fetched when the form hydrates from the JSON the build writes
// (src/pages/data/visa-checklists.json.ts), so they are not serialized into the page's HTML.
import type { VisaChecklists } from '../content/visas.ts';
import { failed, succeeded, type Result } from '../result.ts';

/** Where the checklists are published. */
export const CHECKLISTS_URL = '/data/visa-checklists.json';

/**
 * Every visa type's checklist; fails when the list does not arrive or is not an object. The failure
 * has no words: where the list is missing, each page shows its own fallback (the visa's page for the
 * form, Other documents for a stored application).
 */
export async function fetchChecklists(signal: AbortSignal): Promise<Result<VisaChecklists>> {
  try {
    const response = await fetch(CHECKLISTS_URL, { signal });
    if (!response.ok) return failed('refused', '');
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? succeeded(body as VisaChecklists) : failed('unexpected', '');
  } catch {
    return failed('network', '');
  }
}
