// What a visitor reads when a call fails: toFailure (src/lib/forms/errors.ts) is the one place an
// error becomes a text. Nothing a program threw is ever shown as it is.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGE, RATE_LIMIT_MESSAGE, authRefusal, toFailure } from '../../src/lib/forms/errors.ts';

const REFUSED = 'The form’s own failure text.';

afterEach(() => vi.restoreAllMocks());

describe('toFailure', () => {
  it.each([
    ['a failed fetch (REST)', { message: 'TypeError: Failed to fetch', code: '' }],
    ['a failed fetch (auth)', { name: 'AuthRetryableFetchError', message: 'Load failed', status: 0 }],
    ['a chunk that cannot be downloaded', new TypeError('Failed to fetch dynamically imported module: /_astro/supabase.js')],
  ])('%s is the offline message', (_case, error) => {
    expect(toFailure(error, REFUSED)).toEqual({ ok: false, error: { kind: 'network', message: OFFLINE_MESSAGE } });
  });

  it('the database’s spam limit is the rate-limit message', () => {
    expect(toFailure({ code: 'PT429', message: 'Too many submissions' }, REFUSED).error).toEqual({ kind: 'rate-limit', message: RATE_LIMIT_MESSAGE });
  });

  it('an answer of the server is the caller’s text', () => {
    expect(toFailure({ code: 'XX000', message: 'boom', status: 500 }, REFUSED).error).toEqual({ kind: 'refused', message: REFUSED });
  });

  it('anything else is logged and shown as a generic text, never its own message', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bug = new TypeError("Cannot read properties of undefined (reading 'auth')");
    const { error } = toFailure(bug, REFUSED);
    expect(error.kind).toBe('unexpected');
    expect(error.message).not.toContain('undefined');
    expect(logged).toHaveBeenCalledWith('Unexpected error:', bug);
  });
});

describe('authRefusal', () => {
  it('gives a refusal (4xx) the words for its code, and a server error (5xx) or a thrown bug the generic text', () => {
    expect(authRefusal({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe('Invalid login credentials');
    expect(authRefusal({ name: 'AuthApiError', status: 500, code: 'unexpected_failure', message: 'Database error saving new user' })).not.toContain('Database');
    expect(authRefusal(new TypeError('x is not a function'))).not.toContain('function');
  });

  it('never passes the service’s own English on: a refusal without a known code reads the generic text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(authRefusal({ name: 'AuthApiError', status: 400, message: 'Invalid login credentials' })).not.toContain('Invalid');
  });
});
