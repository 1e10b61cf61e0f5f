import { describe, expect, it } from 'vitest';
import { readEmailLink, withoutQuery } from '../../src/lib/auth/link.ts';
import { safeNextPath } from '../../src/lib/auth/next.ts';

describe('readEmailLink', () => {
  it('reads the token of the link the page expects (supabase/templates)', () => {
    expect(readEmailLink('?token_hash=4f3a9c&type=email', 'email')).toEqual({ tokenHash: '4f3a9c', type: 'email' });
    expect(readEmailLink('?type=recovery&token_hash=pkce_4f3a9c', 'recovery')).toEqual({ tokenHash: 'pkce_4f3a9c', type: 'recovery' });
  });

  it('ignores a query without a token, or with another page’s type', () => {
    expect(readEmailLink('', 'email')).toBeNull();
    expect(readEmailLink('?type=email', 'email')).toBeNull();
    expect(readEmailLink('?token_hash=%20&type=email', 'email')).toBeNull();
    expect(readEmailLink('?token_hash=4f3a9c&type=recovery', 'email')).toBeNull();
    expect(readEmailLink('?token_hash=4f3a9c', 'recovery')).toBeNull();
  });

  it('the address without its query keeps the path and fragment', () => {
    expect(withoutQuery({ pathname: '/verify', hash: '#main' })).toBe('/verify#main');
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
