// The visa form's checklists arrive as JSON when the form hydrates (src/lib/documents/published-checklists.ts);
// a list that does not arrive whole is refused, and the form points to the visa's page instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKLISTS_URL, fetchChecklists } from '../../src/lib/documents/published-checklists.ts';

describe('fetchChecklists', () => {
  afterEach(() => vi.unstubAllGlobals());
  const checklists = { 'Tourist Visa': [{ name: 'Passport bio page', required: true }] };
  /** Answers every fetch with this status and body, and records the request. */
  const answer = (status: number, body: unknown) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('answers the checklists, fetched from the published JSON with the signal it is given', async () => {
    const fetch = answer(200, checklists);
    const { signal } = new AbortController();
    await expect(fetchChecklists(signal)).resolves.toEqual({ ok: true, data: checklists });
    expect(fetch).toHaveBeenCalledWith('/data/visa-checklists.json', { signal });
    expect(CHECKLISTS_URL).toBe('/data/visa-checklists.json');
  });

  it.each([
    { case: 'an error status', status: 404, body: checklists },
    { case: 'a list instead of an object', status: 200, body: [checklists] },
    { case: 'null', status: 200, body: null },
  ])('fails on $case', async ({ status, body }) => {
    answer(status, body);
    await expect(fetchChecklists(new AbortController().signal)).resolves.toMatchObject({ ok: false });
  });
});
