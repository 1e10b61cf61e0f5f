// The overlay's decision at the start of each page: shown from the first frame after a path change
// within the site, for what is left of the configured time since the navigation started; never on a
// first visit, a reload, an arrival from another site or under reduced motion.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installOverlay, type OverlayElement } from '../../src/page-scripts/navigation-overlay.ts';

const ORIGIN = 'https://www.example.test';

interface Arrival {
  /** The Navigation API's previous entry (null: none or another origin); omitted: no Navigation API. Read on back/forward only. */
  activationFrom?: string | null;
  referrer?: string;
  type?: 'navigate' | 'reload' | 'back_forward';
  path?: string;
  reducedMotion?: boolean;
  /** performance.now() when the page's script runs. */
  now?: number;
  durationMs?: string | null;
}

let pageshow: ((event: { persisted: boolean }) => void) | undefined;
let click: ((event: Partial<MouseEvent>) => void) | undefined;

// Just enough of the DOM for the click handler: links are anchors inside elements.
class FakeElement {
  closest(): FakeElement | null {
    return null;
  }
}
class FakeAnchor extends FakeElement {
  target = '';
  constructor(
    readonly href: string,
    private readonly attributes: string[] = [],
  ) {
    super();
  }
  override closest(): FakeElement {
    return this;
  }
  hasAttribute(name: string): boolean {
    return this.attributes.includes(name);
  }
}
const clickOn = (target: FakeElement, extra: Partial<MouseEvent> = {}) =>
  click?.({ target: target as unknown as EventTarget, button: 0, defaultPrevented: false, ...extra });

function arrive(arrival: Arrival = {}): OverlayElement {
  const { path = '/about', type = 'navigate', now = 300, durationMs = '1000' } = arrival;
  vi.stubGlobal('location', new URL(ORIGIN + path));
  vi.stubGlobal('document', {
    referrer: arrival.referrer ?? '',
    addEventListener: (name: string, listener: typeof click) => {
      if (name === 'click') click = listener;
    },
  });
  vi.stubGlobal('Element', FakeElement);
  vi.stubGlobal('HTMLAnchorElement', FakeAnchor);
  vi.stubGlobal('performance', { now: () => now, getEntriesByType: () => [{ type }] });
  vi.stubGlobal('window', {
    matchMedia: () => ({ matches: arrival.reducedMotion ?? false }),
    addEventListener: (name: string, listener: typeof pageshow) => {
      if (name === 'pageshow') pageshow = listener;
    },
    ...('activationFrom' in arrival
      ? { navigation: { activation: { from: arrival.activationFrom === null ? null : { url: arrival.activationFrom } } } }
      : {}),
  });
  const overlay = { hidden: true, getAttribute: () => durationMs } as unknown as OverlayElement;
  installOverlay(overlay);
  return overlay;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  pageshow = undefined;
  click = undefined;
});

describe('installOverlay on arrival', () => {
  it('shows after a link within the site until the configured time since navigation start', () => {
    const overlay = arrive({ referrer: `${ORIGIN}/`, now: 300 });
    expect(overlay.hidden).toBe(false);
    vi.advanceTimersByTime(699);
    expect(overlay.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(overlay.hidden).toBe(true);
  });

  it('shows after a back/forward step from another page of the site (Navigation API)', () => {
    expect(arrive({ type: 'back_forward', activationFrom: `${ORIGIN}/visa` }).hidden).toBe(false);
    expect(arrive({ type: 'back_forward', activationFrom: null }).hidden).toBe(true);
    expect(arrive({ type: 'back_forward' }).hidden).toBe(true);
  });

  it('ignores the referrer on a reload', () => {
    expect(arrive({ referrer: `${ORIGIN}/visa`, type: 'reload' }).hidden).toBe(true);
  });

  it.each([
    { name: 'a first visit', arrival: { activationFrom: null } },
    { name: 'an address typed while on the site', arrival: { activationFrom: `${ORIGIN}/` } },
    { name: 'a first visit (no referrer)', arrival: {} },
    { name: 'an arrival from another site', arrival: { activationFrom: null, referrer: 'https://elsewhere.test/' } },
    { name: 'another site in the referrer', arrival: { referrer: 'https://elsewhere.test/about' } },
    { name: 'a #fragment jump (same path)', arrival: { referrer: `${ORIGIN}/about#team` } },
    { name: 'reduced motion', arrival: { referrer: `${ORIGIN}/`, reducedMotion: true } },
    { name: 'a navigation that already took the whole time', arrival: { referrer: `${ORIGIN}/`, now: 1000 } },
    { name: 'a duration of 0', arrival: { referrer: `${ORIGIN}/`, durationMs: '0' } },
  ])('stays hidden on $name', ({ arrival }) => {
    expect(arrive(arrival as Arrival).hidden).toBe(true);
  });

  it('falls back to 1000 ms when the duration is missing', () => {
    const overlay = arrive({ referrer: `${ORIGIN}/`, now: 0, durationMs: null });
    vi.advanceTimersByTime(999);
    expect(overlay.hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(overlay.hidden).toBe(true);
  });

  it('shows for the full time when a page comes back from the back/forward cache', () => {
    const overlay = arrive({ activationFrom: null });
    pageshow?.({ persisted: false });
    expect(overlay.hidden).toBe(true);
    pageshow?.({ persisted: true });
    expect(overlay.hidden).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(overlay.hidden).toBe(true);
  });
});

describe('installOverlay on leaving', () => {
  it('shows from a click on a link to another page of the site', () => {
    const overlay = arrive({ activationFrom: null, path: '/about' });
    clickOn(new FakeAnchor(`${ORIGIN}/visa`));
    expect(overlay.hidden).toBe(false);
  });

  it.each([
    { name: 'a link to the same path', link: new FakeAnchor(`${ORIGIN}/about#team`), extra: {} },
    { name: 'a link to another site', link: new FakeAnchor('https://elsewhere.test/visa'), extra: {} },
    { name: 'a download link', link: new FakeAnchor(`${ORIGIN}/file.pdf`, ['download']), extra: {} },
    { name: 'a click an island handled', link: new FakeAnchor(`${ORIGIN}/visa`), extra: { defaultPrevented: true } },
    { name: 'a click with a modifier key (new tab)', link: new FakeAnchor(`${ORIGIN}/visa`), extra: { ctrlKey: true } },
    { name: 'a click on no link', link: new FakeElement(), extra: {} },
  ])('ignores $name', ({ link, extra }) => {
    const overlay = arrive({ activationFrom: null, path: '/about' });
    clickOn(link, extra);
    expect(overlay.hidden).toBe(true);
  });

  it('ignores a link that opens elsewhere', () => {
    const overlay = arrive({ activationFrom: null, path: '/about' });
    const link = new FakeAnchor(`${ORIGIN}/visa`);
    link.target = '_blank';
    clickOn(link);
    expect(overlay.hidden).toBe(true);
  });

  it('lets go if the next page never comes, and on return from the back/forward cache', () => {
    const overlay = arrive({ activationFrom: null, path: '/about' });
    clickOn(new FakeAnchor(`${ORIGIN}/visa`));
    vi.advanceTimersByTime(10_000);
    expect(overlay.hidden).toBe(true);
    clickOn(new FakeAnchor(`${ORIGIN}/visa`));
    pageshow?.({ persisted: true });
    vi.advanceTimersByTime(1000);
    expect(overlay.hidden).toBe(true);
  });
});

describe('overlayControl', () => {
  it('stays up while any reason holds it', () => {
    const overlay = arrive({ referrer: `${ORIGIN}/`, now: 0 });
    overlay.overlayControl!.hold('auth');
    vi.advanceTimersByTime(1000);
    expect(overlay.hidden).toBe(false);
    overlay.overlayControl!.release('auth');
    expect(overlay.hidden).toBe(true);
  });

  it('never shows under reduced motion', () => {
    const overlay = arrive({ reducedMotion: true });
    overlay.overlayControl!.hold('auth');
    expect(overlay.hidden).toBe(true);
  });
});
