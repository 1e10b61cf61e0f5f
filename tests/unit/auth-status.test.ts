import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStatus } from '../../src/lib/auth/status.ts';
import { resolveAuthStatus, type SessionReader } from '../../src/lib/auth/resolve.ts';

const client = (session: unknown): SessionReader => ({
  auth: { getSession: async () => ({ data: { session } }) },
});

describe('resolveAuthStatus', () => {
  beforeEach(() => authStatus.set('loading'));
  afterEach(() => vi.useRealTimers());

  it('starts as loading', () => expect(authStatus.get()).toBe('loading'));

  it('is signed in when a session is stored', async () => {
    await expect(resolveAuthStatus(async () => client({ user: { id: 'u1' } }))).resolves.toBe('signed-in');
    expect(authStatus.get()).toBe('signed-in');
  });

  it('is signed out when no session is stored', async () => {
    await expect(resolveAuthStatus(async () => client(null))).resolves.toBe('signed-out');
    expect(authStatus.get()).toBe('signed-out');
  });

  it('is signed out when the client cannot be created', async () => {
    const failing = async (): Promise<SessionReader> => {
      throw new Error('PUBLIC_SUPABASE_URL is missing');
    };
    await expect(resolveAuthStatus(failing)).resolves.toBe('signed-out');
  });

  it('is signed out after the timeout when the backend never answers', async () => {
    vi.useFakeTimers();
    const hanging: SessionReader = { auth: { getSession: () => new Promise(() => {}) } };
    const result = resolveAuthStatus(async () => hanging, 5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(authStatus.get()).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('signed-out');
  });

  it('keeps a state an island has already set', async () => {
    authStatus.set('signed-in');
    await expect(resolveAuthStatus(async () => client(null))).resolves.toBe('signed-in');
  });
});
