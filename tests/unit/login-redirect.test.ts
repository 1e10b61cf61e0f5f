// The signed-in-only pages' way to /login: the inline head script sends a visitor with no stored
// session at once, to the same address the island uses for an expired one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPABASE_STORAGE_KEY } from '../../src/lib/stored-session.ts';
import { loginHref } from '../../src/page-scripts/login-redirect.ts';
import sendToLogin from '../../src/page-scripts/inline/send-to-login.ts?inline-script';

const page = { pathname: '/visa-form', search: '?type=Naija%20Wife%20%2F%20Resident%20Permit' };

afterEach(() => vi.unstubAllGlobals());

/** Runs the script as the page's head would, with this storage; returns where it sent the visitor. */
function run(getItem: (key: string) => string | null): string | undefined {
  const replace = vi.fn<(url: string) => void>();
  const location = { ...page, replace };
  vi.stubGlobal('localStorage', { getItem });
  vi.stubGlobal('window', { location });
  vi.stubGlobal('location', location);
  new Function(sendToLogin)();
  return replace.mock.calls[0]?.[0];
}

describe('login redirect', () => {
  it('sends the page and its query as next, encoded', () => {
    expect(loginHref(page)).toBe('/login?next=%2Fvisa-form%3Ftype%3DNaija%2520Wife%2520%252F%2520Resident%2520Permit');
  });

  it('the inline script sends a visitor with no stored session to the same address', () => {
    expect(run(() => null)).toBe(loginHref(page));
  });

  it('leaves a visitor with a stored session to the island', () => {
    expect(run((key) => (key === SUPABASE_STORAGE_KEY ? '{"access_token":"t"}' : null))).toBeUndefined();
  });

  it('treats blocked storage as no session', () => {
    expect(
      run(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).toBe(loginHref(page));
  });
});
