import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSlides, longestTestimony, nextIndex, previousIndex, shouldAutoAdvance, swipeDirection } from '../../src/lib/content/carousel.ts';

describe('nextIndex and previousIndex', () => {
  describe.each([
    { index: 0, count: 18, next: 1, previous: 17 },
    { index: 16, count: 18, next: 17, previous: 15 },
    { index: 17, count: 18, next: 0, previous: 16 },
    { index: 0, count: 1, next: 0, previous: 0 },
    { index: 0, count: 0, next: 0, previous: 0 },
  ])('slide $index of $count', ({ index, count, next, previous }) => {
    it(`goes forward to ${next}`, () => expect(nextIndex(index, count)).toBe(next));
    it(`goes back to ${previous}`, () => expect(previousIndex(index, count)).toBe(previous));
  });

  it('comes back to the start after a full lap of 18 slides', () => {
    let index = 0;
    for (let step = 0; step < 18; step += 1) index = nextIndex(index, 18);
    expect(index).toBe(0);
  });
});

describe('swipeDirection with the 50 px threshold', () => {
  it.each([
    { dx: -51, dy: 0, expected: 'next' },
    { dx: 51, dy: 0, expected: 'previous' },
    { dx: -50, dy: 0, expected: null },
    { dx: 50, dy: 0, expected: null },
    { dx: -49, dy: 0, expected: null },
    { dx: 49, dy: 0, expected: null },
    { dx: 0, dy: 0, expected: null },
    { dx: -120, dy: 20, expected: 'next' },
    // Mostly vertical: the visitor is scrolling, not swiping.
    { dx: -60, dy: 90, expected: null },
    { dx: 60, dy: -60, expected: null },
  ])('dx $dx, dy $dy gives $expected', ({ dx, dy, expected }) => {
    expect(swipeDirection(dx, dy, 50)).toBe(expected);
  });

  it('uses the threshold it is given', () => {
    expect(swipeDirection(-21, 0, 20)).toBe('next');
    expect(swipeDirection(-20, 0, 20)).toBeNull();
  });
});

describe('shouldAutoAdvance', () => {
  const base = { count: 18, intervalMs: 6000, paused: false, hovered: false, focused: false, reducedMotion: false };

  it('advances when nothing holds it', () => expect(shouldAutoAdvance(base)).toBe(true));

  it.each([
    { reason: 'paused by the button', change: { paused: true } },
    { reason: 'hovered', change: { hovered: true } },
    { reason: 'focused', change: { focused: true } },
    { reason: 'reduced motion is preferred', change: { reducedMotion: true } },
    { reason: 'there is a single slide', change: { count: 1 } },
    { reason: 'the interval is 0', change: { intervalMs: 0 } },
  ])('holds still when $reason', ({ change }) => {
    expect(shouldAutoAdvance({ ...base, ...change })).toBe(false);
  });
});

describe('longestTestimony', () => {
  const slide = (id: number, text: string, name = 'A', country = 'B') => ({
    id,
    text,
    name,
    country,
    image: { src: `/p${id}.webp`, width: 96, height: 96, alt: '' },
  });

  it('picks the testimony with the most words to fit', () => {
    expect(longestTestimony([slide(1, 'short'), slide(2, 'a good deal longer'), slide(3, 'mid length')])?.id).toBe(2);
  });

  it('counts the name and country too, and keeps the first of equals', () => {
    expect(longestTestimony([slide(1, 'same'), slide(2, 'same', 'A much longer name')])?.id).toBe(2);
    expect(longestTestimony([slide(1, 'same'), slide(2, 'same')])?.id).toBe(1);
  });

  it('is undefined for no testimonies', () => {
    expect(longestTestimony([])).toBeUndefined();
  });
});

describe('fetchSlides', () => {
  afterEach(() => vi.unstubAllGlobals());
  const slide = { id: 1, text: 'Thank you', name: 'Ada', country: 'Canada', image: { src: '/a.webp', width: 1, height: 1, alt: 'Ada' } };
  /** Answers every fetch with this status and body, and records the request. */
  const answer = (status: number, body: unknown) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('answers the list, fetched with the signal it is given', async () => {
    const fetch = answer(200, [slide]);
    const { signal } = new AbortController();
    await expect(fetchSlides('/data/testimonials.json', signal)).resolves.toEqual({ ok: true, data: [slide] });
    expect(fetch).toHaveBeenCalledWith('/data/testimonials.json', { signal });
  });

  it.each([
    { case: 'an error status', status: 500, body: [slide] },
    { case: 'something other than a list', status: 200, body: { not: 'a list' } },
    { case: 'an empty list', status: 200, body: [] },
  ])('fails on $case, so the page keeps the testimony it shows', async ({ status, body }) => {
    answer(status, body);
    await expect(fetchSlides('/data/testimonials.json', new AbortController().signal)).resolves.toMatchObject({ ok: false });
  });

  it('fails when nothing answers', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchSlides('/data/testimonials.json', new AbortController().signal)).resolves.toMatchObject({ ok: false, error: { kind: 'network' } });
  });
});
