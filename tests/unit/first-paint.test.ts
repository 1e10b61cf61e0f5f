// afterFirstPaint: what client:painted islands wait for before they hydrate.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../src/lib/first-paint.ts';

/** A PerformanceObserver that reports first contentful paint when `paint()` is called, or misbehaves as told. */
function stubObserver(kind: 'reports' | 'unsupported' | 'throws') {
  let paint = () => undefined as void;
  class FakeObserver {
    static supportedEntryTypes = kind === 'unsupported' ? ['mark'] : ['mark', 'paint'];
    disconnect = vi.fn();
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: FakeObserver) => void) {}
    observe() {
      if (kind === 'throws') throw new TypeError('invalid options');
      if (kind === 'unsupported') return;
      this.callback({ getEntriesByName: () => [] }, this);
      paint = () => this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, this);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return () => paint();
}

/** Whether the promise has settled after pending microtasks and the given time. */
async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('afterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for first contentful paint (an earlier first paint does not count)', async () => {
    const paint = stubObserver('reports');
    const painted = afterFirstPaint();
    expect(await settledAfter(painted, 100)).toBe(false);
    paint();
    expect(await settledAfter(painted, 0)).toBe(true);
  });

  it.each(['unsupported', 'throws'] as const)('resolves at once where paint timing is %s', async (kind) => {
    stubObserver(kind);
    expect(await settledAfter(afterFirstPaint(), 0)).toBe(true);
  });

  it('gives up waiting after the time limit (a tab in the background paints only when shown)', async () => {
    stubObserver('reports');
    const painted = afterFirstPaint(3000);
    expect(await settledAfter(painted, 2999)).toBe(false);
    expect(await settledAfter(painted, 1)).toBe(true);
  });
});
