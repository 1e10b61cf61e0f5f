// The booking form with the optional CAPTCHA (src/lib/forms/store-booking.ts): the solved
// challenge's token is spent on an anonymous sign-in, on a client of its own, and the booking is
// inserted with that session; a refused challenge stores nothing and says so; without a CAPTCHA
// the form makes its one insert with the site's client and no auth call. Against fake supabase-js
// clients (src/lib/supabase.ts is mocked) and a fake provider, as tests/unit/auth-captcha.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../../src/lib/forms/booking.ts';

type AuthAnswer = { error: { code: string; message: string; status: number } | null };
type Insert = { error: { code: string; message: string } | null; status: number };

/** A fake client: it records its auth calls and inserts, and answers them with `state`. */
function fakeClient(name: string) {
  const calls: [string, ...unknown[]][] = [];
  const state: { signIn: AuthAnswer; insert: Insert } = { signIn: { error: null }, insert: { error: null, status: 201 } };
  return {
    name,
    calls,
    state,
    auth: {
      signInAnonymously: async (...args: unknown[]) => (calls.push(['signInAnonymously', ...args]), state.signIn),
    },
    from: (table: string) => ({
      insert: async (row: unknown) => (calls.push([`insert ${table}`, row]), state.insert),
    }),
  };
}

let site: ReturnType<typeof fakeClient>;
let submission: ReturnType<typeof fakeClient>;
vi.mock('../../src/lib/supabase.ts', () => ({ createSiteClient: () => site, createSubmissionClient: () => submission }));

/** The provider's API as the widget uses it: every render or reset is solved at once, token-1, token-2 and so on. */
function solvingProvider() {
  let solved = 0;
  let solve: (token: string) => void = () => undefined;
  return {
    render: (_container: unknown, options: { callback: (token: string) => void }) => {
      solve = options.callback;
      solve(`token-${++solved}`);
      return 'widget';
    },
    reset: () => solve(`token-${++solved}`),
  };
}

const BOOKING: Booking = {
  full_name: 'Ada Obi',
  phone: '+234 801 234 5678',
  email: 'ada@example.com',
  country: 'UK',
  date: '2027-01-12',
  time: '10:00',
  website: '',
};
const ROW = { ...BOOKING, website: null, client_key: 'key-1' };

/** store-booking.ts fresh (the token lives in the CAPTCHA module), with the widget mounted when `captcha`. */
async function bookingStore(captcha: boolean) {
  vi.resetModules();
  if (captcha) {
    vi.stubEnv('PUBLIC_CAPTCHA_PROVIDER', 'turnstile');
    vi.stubEnv('PUBLIC_CAPTCHA_SITE_KEY', 'site-key');
  }
  vi.stubGlobal('window', { location: { origin: 'https://www.bridgewayvisa.example', hash: '' }, turnstile: solvingProvider() });
  const { captchaConfig, mountCaptcha } = await import('../../src/lib/captcha.ts');
  const config = captchaConfig();
  expect(config !== null).toBe(captcha);
  if (config) await mountCaptcha({} as HTMLElement, config);
  return import('../../src/lib/forms/store-booking.ts');
}

beforeEach(() => {
  site = fakeClient('site');
  submission = fakeClient('submission');
  vi.stubEnv('PUBLIC_CAPTCHA_PROVIDER', '');
  vi.stubEnv('PUBLIC_CAPTCHA_SITE_KEY', '');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('with a CAPTCHA', () => {
  it('signs in anonymously with the solved challenge’s token, then books with that session', async () => {
    const { storeBooking } = await bookingStore(true);
    expect(await storeBooking(BOOKING, 'key-1')).toEqual({ ok: true, data: undefined });
    expect(submission.calls).toEqual([
      ['signInAnonymously', { options: { captchaToken: 'token-1' } }],
      ['insert bookings', ROW],
    ]);
    // The site's client (a signed-in visitor's session) is not touched.
    expect(site.calls).toEqual([]);
  });

  it('each booking spends a new challenge', async () => {
    const { storeBooking } = await bookingStore(true);
    await storeBooking(BOOKING, 'key-1');
    await storeBooking(BOOKING, 'key-2');
    expect(submission.calls.filter(([call]) => call === 'signInAnonymously').map(([, options]) => options)).toEqual([
      { options: { captchaToken: 'token-1' } },
      { options: { captchaToken: 'token-2' } },
    ]);
  });

  it('stores nothing when Auth refuses the challenge, and says so plainly', async () => {
    const { storeBooking } = await bookingStore(true);
    submission.state.signIn = { error: { code: 'captcha_failed', message: 'captcha protection: request disallowed (no-captcha-response)', status: 400 } };
    expect(await storeBooking(BOOKING, 'key-1')).toEqual({
      ok: false,
      error: { kind: 'refused', message: 'The security check was not completed. Please complete it and try again.' },
    });
    expect(submission.calls.map(([call]) => call)).toEqual(['signInAnonymously']);
  });
});

describe('without a CAPTCHA', () => {
  it('makes the one insert with the site’s client and no auth call', async () => {
    const { storeBooking } = await bookingStore(false);
    expect(await storeBooking(BOOKING, 'key-1')).toEqual({ ok: true, data: undefined });
    expect(site.calls).toEqual([['insert bookings', ROW]]);
    expect(submission.calls).toEqual([]);
  });

  it('reads the database’s refusal of a booking without the CAPTCHA’s session (RF013) plainly', async () => {
    const { storeBooking } = await bookingStore(false);
    site.state.insert = { error: { code: 'RF013', message: 'The security check was not completed.' }, status: 400 };
    expect(await storeBooking(BOOKING, 'key-1')).toEqual({
      ok: false,
      error: { kind: 'refused', message: 'The security check was not completed. Please complete it and try again.' },
    });
  });
});
