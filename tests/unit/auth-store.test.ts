// The auth store against a fake supabase-js client (src/lib/supabase.ts, which creates it, is mocked): how
// it settles, follows sign-in and sign-out, reads the role from the profile row, follows the
// sign-in of an email link spent on a press (and takes the token out of the address bar), and
// gives up after its timeout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: string, session: { user: { id: string; email?: string } } | null) => void;

/** A fake client: tests fire auth events and choose what the profiles query answers. */
function fakeClient() {
  const listeners: Listener[] = [];
  const profileAnswer = { data: null as unknown, error: null as unknown };
  const queries: string[] = [];
  return {
    listeners,
    profileAnswer,
    queries,
    fire: (event: string, session: Parameters<Listener>[1]) => listeners.forEach((listener) => listener(event, session)),
    auth: {
      onAuthStateChange: (listener: Listener) => {
        listeners.push(listener);
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
      signOut: vi.fn(async () => ({ error: null })),
      verifyOtp: vi.fn(async (_params: { token_hash: string; type: string }): Promise<{ error: unknown }> => ({ error: null })),
    },
    from: (table: string) => ({
      select: () => ({
        eq: (_column: string, id: string) => ({
          maybeSingle: async () => {
            queries.push(`${table}:${id}`);
            return profileAnswer;
          },
        }),
      }),
    }),
  };
}

let client: ReturnType<typeof fakeClient>;
vi.mock('../../src/lib/supabase.ts', () => ({ createSiteClient: () => client }));

/** A fresh copy of the store (it starts once per page, so once per module instance). */
async function freshStore() {
  vi.resetModules();
  return import('../../src/lib/auth/store.ts');
}

const location = { hash: '', pathname: '/verify', search: '' };
const replaceState = vi.fn((_state: unknown, _title: string, url: string) => {
  location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
  location.search = url.includes('?') ? url.slice(url.indexOf('?')).replace(/#.*/, '') : '';
});
const dispatched: string[] = [];
/** The page's localStorage: a stored session unless a test takes it away (stored-session.ts reads it). */
const storage = new Map<string, string>();
/** The page's `storage` listeners (another tab's writes). */
const storageListeners = new Set<(event: { key: string; newValue: string | null }) => void>();

beforeEach(() => {
  client = fakeClient();
  location.hash = '';
  location.search = '';
  replaceState.mockClear();
  dispatched.length = 0;
  storage.clear();
  storage.set('bridgeway-visa-auth', '{"access_token":"stored"}');
  storageListeners.clear();
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null });
  vi.stubGlobal('window', {
    location,
    history: { state: { index: 3 }, replaceState },
    dispatchEvent: (event: Event) => dispatched.push(event.type),
    addEventListener: (type: string, listener: (event: { key: string; newValue: string | null }) => void) => {
      if (type === 'storage') storageListeners.add(listener);
    },
    removeEventListener: (type: string, listener: (event: { key: string; newValue: string | null }) => void) => {
      if (type === 'storage') storageListeners.delete(listener);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('auth store', () => {
  it('with no stored session it is signed out at once, without loading supabase-js, and follows a sign-in made on the page', async () => {
    storage.clear();
    const { authState, startAuth } = await freshStore();
    await startAuth();
    expect(authState.get()).toEqual({ status: 'signed-out' });
    expect(client.listeners).toHaveLength(0);
    // A login on the page loads the client: the store listens from then on.
    const { loadSupabase } = await import('../../src/lib/supabase-loader.ts');
    await loadSupabase();
    expect(client.listeners).toHaveLength(1);
    client.fire('SIGNED_IN', { user: { id: 'u1', email: 'ada@example.com' } });
    expect(authState.get()).toMatchObject({ status: 'signed-in', userId: 'u1' });
    expect(dispatched).toEqual(['bridgeway:signed-in']);
  });

  it('with no stored session it follows a sign-in in another tab', async () => {
    storage.clear();
    const { authState, startAuth } = await freshStore();
    await startAuth();
    for (const listener of storageListeners) listener({ key: 'some-other-key', newValue: 'x' });
    await flush();
    expect(client.listeners).toHaveLength(0);
    for (const listener of storageListeners) listener({ key: 'bridgeway-visa-auth', newValue: '{"access_token":"new"}' });
    await flush();
    expect(client.listeners).toHaveLength(1);
    client.fire('INITIAL_SESSION', { user: { id: 'u2' } });
    expect(authState.get()).toMatchObject({ status: 'signed-in', userId: 'u2' });
  });

  it('is loading until supabase-js reports the stored session, then signed out when it is no longer good', async () => {
    const { authState, authStatus, startAuth } = await freshStore();
    expect(authState.get()).toEqual({ status: 'loading' });
    await startAuth();
    expect(authStatus.get()).toBe('loading');
    client.fire('INITIAL_SESSION', null);
    expect(authState.get()).toEqual({ status: 'signed-out' });
  });

  it('starts once however often it is called', async () => {
    const { startAuth } = await freshStore();
    await Promise.all([startAuth(), startAuth(), startAuth()]);
    expect(client.listeners).toHaveLength(1);
  });

  it('signs in, announces it to the nav, and reads the role from the profile row', async () => {
    const { authState, startAuth } = await freshStore();
    await startAuth();
    client.profileAnswer.data = { id: 'u1', role: 'admin', full_name: 'Ada' };
    client.fire('SIGNED_IN', { user: { id: 'u1', email: 'ada@example.com' } });
    expect(authState.get()).toMatchObject({
      status: 'signed-in',
      userId: 'u1',
      email: 'ada@example.com',
      role: null,
      profile: null,
    });
    expect(dispatched).toEqual(['bridgeway:signed-in']);
    await flush();
    await flush();
    expect(client.queries).toEqual(['profiles:u1']);
    expect(authState.get()).toMatchObject({
      status: 'signed-in',
      role: 'admin',
      profile: { full_name: 'Ada' },
      profileError: false,
    });
  });

  it('a token refresh for the same user keeps the profile and does not read it again', async () => {
    const { authState, startAuth } = await freshStore();
    await startAuth();
    client.profileAnswer.data = { id: 'u1', role: 'user' };
    client.fire('SIGNED_IN', { user: { id: 'u1', email: 'a@example.com' } });
    await flush();
    await flush();
    client.fire('TOKEN_REFRESHED', {
      user: { id: 'u1', email: 'a@example.com' },
    });
    await flush();
    expect(client.queries).toHaveLength(1);
    expect(authState.get()).toMatchObject({ role: 'user' });
  });

  it('a failed profile read leaves the role unknown and flags the error', async () => {
    const { authState, startAuth } = await freshStore();
    await startAuth();
    client.profileAnswer.error = { message: 'Failed to fetch' };
    client.fire('INITIAL_SESSION', { user: { id: 'u2' } });
    await flush();
    await flush();
    expect(authState.get()).toMatchObject({
      status: 'signed-in',
      role: null,
      profile: null,
      profileError: true,
    });
  });

  it('signs out through supabase-js with scope local, and follows its event', async () => {
    const { authState, signOut, startAuth } = await freshStore();
    await startAuth();
    client.fire('SIGNED_IN', { user: { id: 'u1' } });
    await signOut();
    expect(client.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    client.fire('SIGNED_OUT', null);
    expect(authState.get()).toEqual({ status: 'signed-out' });
  });

  it('an email link spends nothing on load; on the press verifyOtp spends its token, the store signs in, the token leaves the address bar', async () => {
    location.search = '?token_hash=4f3a9c&type=email';
    // Whoever opens an email link has no session stored yet.
    storage.clear();
    const { authState, startAuth } = await freshStore();
    const { verifyEmailLink } = await import('../../src/lib/auth/actions.ts');
    const { readEmailLink } = await import('../../src/lib/auth/link.ts');
    await startAuth();
    expect(authState.get()).toEqual({ status: 'signed-out' });
    expect(client.auth.verifyOtp).not.toHaveBeenCalled();
    expect(replaceState).not.toHaveBeenCalled();

    client.auth.verifyOtp.mockImplementationOnce(async () => {
      client.fire('SIGNED_IN', { user: { id: 'u1', email: 'ada@example.com' } });
      return { error: null };
    });
    expect(await verifyEmailLink(readEmailLink(location.search, 'email')!, 'invalid link')).toEqual({ ok: true, data: undefined });
    expect(client.auth.verifyOtp).toHaveBeenCalledWith({ token_hash: '4f3a9c', type: 'email' });
    expect(authState.get()).toMatchObject({ status: 'signed-in', userId: 'u1', email: 'ada@example.com' });
    expect(dispatched).toContain('bridgeway:signed-in');
    expect(replaceState).toHaveBeenCalledWith({ index: 3 }, '', '/verify');
  });

  it('a link the service refuses is `refused` with the page’s text and leaves the address bar; unanswered, it stays for a retry', async () => {
    location.search = '?token_hash=4f3a9c&type=recovery';
    await freshStore();
    const { verifyEmailLink } = await import('../../src/lib/auth/actions.ts');
    const link = { tokenHash: '4f3a9c', type: 'recovery' as const };
    client.auth.verifyOtp.mockResolvedValueOnce({ error: { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 } });
    expect(await verifyEmailLink(link, 'invalid link')).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(replaceState).not.toHaveBeenCalled();
    client.auth.verifyOtp.mockResolvedValueOnce({ error: { name: 'AuthApiError', message: 'Email link is invalid or has expired', status: 403, code: 'otp_expired' } });
    expect(await verifyEmailLink(link, 'invalid link')).toEqual({ ok: false, error: { kind: 'refused', message: 'invalid link' } });
    expect(location.search).toBe('');
  });

  it('settles as signed out when supabase-js never answers, and still follows a later event', async () => {
    vi.useFakeTimers();
    const { AUTH_RESOLVE_TIMEOUT_MS, authState, startAuth } = await freshStore();
    await startAuth();
    await vi.advanceTimersByTimeAsync(AUTH_RESOLVE_TIMEOUT_MS - 1);
    expect(authState.get().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(authState.get().status).toBe('signed-out');
    client.fire('INITIAL_SESSION', { user: { id: 'u3' } });
    expect(authState.get()).toMatchObject({
      status: 'signed-in',
      userId: 'u3',
    });
  });
});
