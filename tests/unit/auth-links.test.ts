import { describe, expect, it } from 'vitest';
import { readAuthLink, withoutFragment } from '../../src/lib/auth/link.ts';
import { safeNextPath } from '../../src/lib/auth/next.ts';

describe('readAuthLink', () => {
  it('reads a verified link (GoTrue sorts the keys)', () => {
    expect(readAuthLink('#access_token=a.b.c&expires_at=1&expires_in=3600&refresh_token=r&sb=&token_type=bearer&type=signup')).toEqual({
      kind: 'session',
      type: 'signup',
    });
    expect(readAuthLink('#access_token=a.b.c&type=recovery')).toEqual({
      kind: 'session',
      type: 'recovery',
    });
  });

  it('reads an invalid or expired link', () => {
    expect(readAuthLink('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=')).toEqual({
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });

  it('ignores fragments that are not email links', () => {
    expect(readAuthLink('')).toBeNull();
    expect(readAuthLink('#main')).toBeNull();
  });

  it('the address without its fragment keeps the path and query', () => {
    expect(withoutFragment({ pathname: '/verify', search: '?a=1' })).toBe('/verify?a=1');
  });
});

describe('safeNextPath', () => {
  const origin = 'https://www.bridgewayvisa.com';
  it.each([
    ['/profile', '/profile'],
    ['/visa-form?type=Tourist%20Visa', '/visa-form?type=Tourist%20Visa'],
    ['/news/x#top', '/news/x#top'],
  ])('follows the same-origin path %s', (next, expected) => expect(safeNextPath(next, origin)).toBe(expected));

  it.each([null, '', 'profile', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example'])(
    'falls back to / for %s',
    (next) => {
      const path = safeNextPath(next, origin);
      expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      expect(new URL(path, origin).origin).toBe(origin);
      if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) expect(path).toBe('/');
    },
  );
});
