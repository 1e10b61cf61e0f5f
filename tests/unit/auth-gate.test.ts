import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStatus } from '../../src/lib/auth/status.ts';

// The gate's own timing is under test; the session lookup is replaced so nothing loads supabase-js.
vi.mock('../../src/lib/auth/resolve.ts', () => ({ resolveAuthStatusFromSupabase: vi.fn(async () => 'loading') }));
const { AUTH_OVERLAY_DELAY_MS, gateOnAuth } = await import('../../src/scripts/auth-gate.ts');

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
