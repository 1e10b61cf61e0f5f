// The auth store against a fake supabase-js client (src/lib/supabase.ts, which creates it, is mocked): how
// it settles, follows sign-in and sign-out, reads the role from the profile row, reads the email
// link from the address bar and takes it out, and gives up after its timeout.
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
});
const dispatched: string[] = [];

beforeEach(() => {
  client = fakeClient();
  location.hash = '';
  replaceState.mockClear();
  dispatched.length = 0;
  vi.stubGlobal('window', {
    location,
    history: { state: { index: 3 }, replaceState },
    dispatchEvent: (event: Event) => dispatched.push(event.type),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('auth store', () => {
  it('is loading until supabase-js reports the session, then signed out when there is none', async () => {
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

  it('reads the email link before supabase-js does and removes it from the address bar after', async () => {
    location.hash = '#access_token=a.b.c&refresh_token=r&type=signup';
    const { authLink, startAuth } = await freshStore();
    await startAuth();
    expect(authLink.get()).toEqual({ kind: 'session', type: 'signup' });
    expect(replaceState).not.toHaveBeenCalled();
    client.fire('SIGNED_IN', { user: { id: 'u1' } });
    expect(replaceState).toHaveBeenCalledWith({ index: 3 }, '', '/verify');
  });

  it('keeps an address without an email link as it is', async () => {
    location.hash = '#main';
    const { authLink, startAuth } = await freshStore();
    await startAuth();
    client.fire('INITIAL_SESSION', null);
    expect(authLink.get()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
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
