import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../src/lib/auth/store.ts';

// The gate's own timing is under test: the real store, with startAuth replaced so nothing loads
// supabase-js; each test settles the store itself.
vi.mock('../../src/lib/auth/store.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/auth/store.ts')>()),
  startAuth: vi.fn(async () => undefined),
}));
const { authState, startAuth } = await import('../../src/lib/auth/store.ts');
const { AUTH_OVERLAY_DELAY_MS, gateOnAuth } = await import('../../src/page-scripts/auth-gate.ts');

const SIGNED_IN: AuthState = { status: 'signed-in', userId: 'u1', email: 'a@example.com', profile: null, role: null, profileError: false };
const authStatus = { set: (status: 'loading' | 'signed-out' | 'signed-in') => authState.set(status === 'signed-in' ? SIGNED_IN : { status }) };

describe('gateOnAuth', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    authStatus.set('loading');
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing when auth settles before the delay', () => {
    const show = vi.fn();
    const hide = vi.fn();
    gateOnAuth(show, hide);
    vi.advanceTimersByTime(AUTH_OVERLAY_DELAY_MS - 1);
    authStatus.set('signed-out');
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('shows after the delay while auth is unknown, and hides once it is known', () => {
    const show = vi.fn();
    const hide = vi.fn();
    gateOnAuth(show, hide);
    vi.advanceTimersByTime(AUTH_OVERLAY_DELAY_MS);
    expect(show).toHaveBeenCalledTimes(1);
    expect(hide).not.toHaveBeenCalled();
    authStatus.set('signed-in');
    expect(hide).toHaveBeenCalledTimes(1);
  });

  it('stops watching when the visitor leaves the page', () => {
    const show = vi.fn();
    const hide = vi.fn();
    const stop = gateOnAuth(show, hide);
    stop();
    vi.advanceTimersByTime(1000);
    authStatus.set('signed-out');
    expect(show).not.toHaveBeenCalled();
    expect(hide).not.toHaveBeenCalled();
  });

  it('starts the auth store', () => {
    gateOnAuth(vi.fn(), vi.fn());
    expect(startAuth).toHaveBeenCalled();
  });

  it('does not show at all when auth is already known', () => {
    authStatus.set('signed-in');
    const show = vi.fn();
    const hide = vi.fn();
    gateOnAuth(show, hide);
    vi.advanceTimersByTime(1000);
    expect(show).not.toHaveBeenCalled();
    expect(hide).toHaveBeenCalledTimes(1);
  });
});
