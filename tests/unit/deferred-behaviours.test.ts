// When the behaviour scripts go into the page: after the load event, the first contentful paint and
// the first view's pictures' decoding (so their requests never race the first or the largest paint);
// for a visitor with a stored session (the nav's account menu is an island) the same without the
// load event; never held back by a picture that fails or a browser that does not report paint
// timing; and at most 3 s after the load event (after the page is parsed, with a stored session).
// Timers and frames are fake, so a busy machine cannot reorder them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPABASE_STORAGE_KEY } from '../../src/lib/stored-session.ts';
import startPage from '../../src/page-scripts/inline/start-page.ts?inline-script';

/** Runs the page's first script as the page does: bundled, minified, inline (with no overlay element, its installer stops at once). */
const runInline = () => new Function(startPage)();

/** An element inside an island that has not hydrated. */
class FakeIslandChild {
  closest(selector: string) {
    return selector === 'astro-island[ssr]' ? {} : null;
  }
}

/** The template's content: its scripts, which the loader sets to run in order. */
class FakeTemplate {
  content = { scripts: [{ async: true }, { async: true }], querySelectorAll: () => this.content.scripts };
}

/**
 * Paint timing as the browser reports it: first contentful paint already recorded, still to come,
 * not reported at all, or an observer that refuses these options.
 */
type PaintTiming = 'painted' | 'pending' | 'unsupported' | 'throws';
let paintNow: () => void = () => undefined;
let fireLoad: () => void = () => undefined;
let fireParsed: () => void = () => undefined;
let focusInIsland: () => void = () => undefined;

function stubPaintTiming(timing: PaintTiming) {
  const entries = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) });
  class FakePerformanceObserver {
    static supportedEntryTypes = timing === 'unsupported' ? ['mark', 'measure'] : ['mark', 'measure', 'paint'];
    disconnect = vi.fn();
    constructor(private readonly callback: (list: ReturnType<typeof entries>, observer: FakePerformanceObserver) => void) {}
    observe() {
      if (timing === 'throws') throw new TypeError('Failed to execute observe: invalid options');
      if (timing === 'unsupported') return;
      // The buffered first paint only, then the contentful one when the test says so.
      this.callback(entries(timing === 'painted' ? ['first-paint', 'first-contentful-paint'] : ['first-paint']), this);
      paintNow = () => this.callback(entries(['first-contentful-paint']), this);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
}

function pageWith(options: {
  session?: 'stored' | 'none' | 'blocked';
  paint?: PaintTiming;
  loaded?: boolean;
  parsed?: boolean;
  images?: { getAttribute: (name: string) => string | null; decode: () => Promise<void> }[];
}) {
  const append = vi.fn();
  stubPaintTiming(options.paint ?? 'painted');
  const getItem = (key: string) => {
    if (options.session === 'blocked') throw new DOMException('blocked', 'SecurityError');
    return options.session === 'stored' && key === SUPABASE_STORAGE_KEY ? '{"access_token":"t"}' : null;
  };
  vi.stubGlobal('localStorage', { getItem });
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') fireLoad = listener;
    },
  });
  vi.stubGlobal('HTMLTemplateElement', FakeTemplate);
  vi.stubGlobal('Element', FakeIslandChild);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  const doc = {
    readyState: options.parsed === false ? 'loading' : options.loaded === false ? 'interactive' : 'complete',
    currentScript: { previousElementSibling: null },
    documentElement: { setAttribute: vi.fn() },
    images: options.images ?? [],
    body: { append },
    // The script also holds early submits (tests/unit/hold-early-submits.test.ts).
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'DOMContentLoaded') {
        fireParsed = () => {
          doc.readyState = 'interactive';
          listener(undefined);
        };
      }
      if (type === 'focusin') focusInIsland = () => listener({ target: new FakeIslandChild() });
    },
    importNode: (content: unknown) => content,
    querySelector: (selector: string) => {
      if (selector === 'template[data-deferred-behaviours]') return new FakeTemplate();
      return null;
    },
  };
  vi.stubGlobal('document', doc);
  return append;
}

/** Lets promises settle and a few frames pass. */
const settle = () => vi.advanceTimersByTimeAsync(100);

/** A picture whose decode finishes when the test says so. */
function picture(loading: 'eager' | 'lazy') {
  let finish: (ok: boolean) => void = () => undefined;
  const decoded = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('EncodingError')));
  });
  return { image: { getAttribute: (name: string) => (name === 'loading' ? loading : null), decode: vi.fn(() => decoded) }, finish };
}

/** Runs the script and checks that the scripts go in once, and only after `trigger` (the awaited event) has happened. */
async function expectAddedOnlyAfter(trigger: () => void, append: ReturnType<typeof vi.fn>) {
  runInline();
  await settle();
  expect(append).not.toHaveBeenCalled();
  trigger();
  await settle();
  expect(append).toHaveBeenCalledTimes(1);
}

/** The same, with the lead picture's decode as the awaited event. */
const expectAddedAfterDecode = (lead: ReturnType<typeof picture>, append: ReturnType<typeof vi.fn>) =>
  expectAddedOnlyAfter(() => lead.finish(true), append);

describe('addDeferredBehaviours', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first view pictures to decode, then adds the scripts once', async () => {
    const lead = picture('eager');
    const below = picture('lazy');
    const append = pageWith({ images: [lead.image, below.image] });
    await expectAddedAfterDecode(lead, append);
    expect(append).toHaveBeenCalledWith(expect.objectContaining({ scripts: [{ async: false }, { async: false }] }));
    // A lazy picture below the fold is not waited for (nor decoded early).
    expect(below.image.decode).not.toHaveBeenCalled();
    // The time limit that follows adds nothing more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(append).toHaveBeenCalledTimes(1);
  });

  it('before the load event nothing is added; the wait starts with it', async () => {
    await expectAddedOnlyAfter(() => fireLoad(), pageWith({ loaded: false }));
  });

  it('a picture that fails to decode holds nothing back', async () => {
    const broken = picture('eager');
    const append = pageWith({ images: [broken.image] });
    runInline();
    broken.finish(false);
    await settle();
    expect(append).toHaveBeenCalledTimes(1);
  });

  it('a page that has loaded but not painted yet waits for its first contentful paint', async () => {
    await expectAddedOnlyAfter(() => paintNow(), pageWith({ paint: 'pending' }));
  });

  it('a page that never paints (a background tab) gets them 3 s after the load event', async () => {
    const append = pageWith({ paint: 'pending' });
    runInline();
    await vi.advanceTimersByTimeAsync(2999);
    expect(append).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(append).toHaveBeenCalledTimes(1);
  });

  it.each(['unsupported', 'throws'] as const)('paint timing %s: the pictures alone are waited for', async (paint) => {
    const lead = picture('eager');
    await expectAddedAfterDecode(lead, pageWith({ paint, images: [lead.image] }));
  });

  it('a visitor with a stored session gets them once the page has painted and decoded its lead picture, without waiting for the load event', async () => {
    const lead = picture('eager');
    const below = picture('lazy');
    const append = pageWith({ session: 'stored', loaded: false, images: [lead.image, below.image] });
    await expectAddedAfterDecode(lead, append);
    expect(below.image.decode).not.toHaveBeenCalled();
  });

  it('a visitor with a stored session on a page with no picture gets them once it has painted', async () => {
    await expectAddedOnlyAfter(() => paintNow(), pageWith({ session: 'stored', paint: 'pending', loaded: false }));
  });

  it.each(['unsupported', 'throws'] as const)('a visitor with a stored session, paint timing %s: the pictures alone are waited for', async (paint) => {
    const lead = picture('eager');
    await expectAddedAfterDecode(lead, pageWith({ session: 'stored', paint, loaded: false, images: [lead.image] }));
  });

  it('a visitor with a stored session on a page that never paints (a background tab) gets them 3 s after it is parsed', async () => {
    const append = pageWith({ session: 'stored', paint: 'pending', loaded: false });
    runInline();
    await vi.advanceTimersByTimeAsync(2999);
    expect(append).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(append).toHaveBeenCalledTimes(1);
  });

  it('a visitor with a stored session, on a page still being parsed, gets them once it is parsed', async () => {
    await expectAddedOnlyAfter(() => fireParsed(), pageWith({ session: 'stored', parsed: false }));
  });

  it('a visitor who starts using an island before then gets them at once (focus moves into it)', async () => {
    const lead = picture('eager');
    const append = pageWith({ images: [lead.image] });
    runInline();
    await settle();
    expect(append).not.toHaveBeenCalled();
    focusInIsland();
    expect(append).toHaveBeenCalledTimes(1);
    // The picture's decode, later, adds nothing more.
    lead.finish(true);
    await settle();
    expect(append).toHaveBeenCalledTimes(1);
  });

  it.each(['none', 'blocked'] as const)('with %s session storage the page waits', async (session) => {
    const lead = picture('eager');
    await expectAddedAfterDecode(lead, pageWith({ session, images: [lead.image] }));
  });
});
