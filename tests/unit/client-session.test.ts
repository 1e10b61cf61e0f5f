// The `client:session` directive: hydrates at once when a session is stored, otherwise waits for a
// sign-in on this page (the store's event) or in another tab (the storage event), and never loads
// the island for a visitor who stays signed out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ATTRIBUTE, SIGNED_IN_EVENT, SUPABASE_STORAGE_KEY, hasStoredSession } from '../../src/lib/stored-session.ts';
import directive from '../../src/integrations/client-directives/session.ts';

let stored: string | null;
let target: EventTarget;
let html: { setAttribute: ReturnType<typeof vi.fn> };

beforeEach(() => {
  stored = null;
  target = new EventTarget();
  html = { setAttribute: vi.fn() };
  vi.stubGlobal('document', { documentElement: html });
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === SUPABASE_STORAGE_KEY ? stored : null) });
  vi.stubGlobal('window', target);
});
afterEach(() => vi.unstubAllGlobals());

/** Runs the directive on a fake island; returns the spies for loading and hydrating it. */
function run() {
  const hydrate = vi.fn(async () => undefined);
  const load = vi.fn(async () => hydrate);
  directive(load, { name: 'AuthMenu', value: '' }, {} as HTMLElement);
  return { load, hydrate };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:session', () => {
  it('hydrates at once when a session is stored, and marks the page', async () => {
    stored = '{"access_token":"x"}';
    const { load, hydrate } = run();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(html.setAttribute).toHaveBeenCalledWith(SESSION_ATTRIBUTE, '');
  });

  it('loads nothing for a signed-out visitor, and leaves the page unmarked', async () => {
    const { load } = run();
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(html.setAttribute).not.toHaveBeenCalled();
  });

  it('hydrates once when the visitor signs in on this page', async () => {
    const { load } = run();
    target.dispatchEvent(new Event(SIGNED_IN_EVENT));
    target.dispatchEvent(new Event(SIGNED_IN_EVENT));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hydrates when another tab stores a session, not when one is removed', async () => {
    const { load } = run();
    const storage = (newValue: string | null) => Object.assign(new Event('storage'), { key: SUPABASE_STORAGE_KEY, newValue });
    target.dispatchEvent(storage(null));
    await flush();
    expect(load).not.toHaveBeenCalled();
    target.dispatchEvent(storage('{"access_token":"x"}'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('hasStoredSession', () => {
  it('is true when a session is stored', () => {
    stored = '{"access_token":"x"}';
    expect(hasStoredSession()).toBe(true);
  });

  it('is false when reading storage is refused', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(hasStoredSession()).toBe(false);
  });

  it('is false when storage itself is blocked (reading `localStorage` throws)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    expect(hasStoredSession()).toBe(false);
  });
});
