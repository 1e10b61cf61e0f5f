// The optional CAPTCHA (src/lib/captcha.ts) on the Auth calls hosted Supabase checks beyond
// login and signup: the reset request and the Resend Verification Email button send the solved
// challenge's token, one challenge per call; without a CAPTCHA both make the calls they always
// made. Against a fake supabase-js client (src/lib/supabase.ts is mocked) and a fake provider.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { error: { code: string; message: string } | null };
const CONFIRMED: Answer = { error: null };
const NOT_CONFIRMED: Answer = { error: { code: 'email_not_confirmed', message: 'Email not confirmed' } };
const WRONG_PASSWORD: Answer = { error: { code: 'invalid_credentials', message: 'Invalid login credentials' } };

/** A fake client: it records each auth call and answers sign-ins with `signIn`. */
function fakeClient() {
  const calls: [string, ...unknown[]][] = [];
  const state = { signIn: NOT_CONFIRMED };
  const record =
    (name: string, answer: () => Answer = () => ({ error: null })) =>
    async (...args: unknown[]) => (calls.push([name, ...args]), answer());
  return {
    calls,
    state,
    auth: {
      signInWithPassword: record('signInWithPassword', () => state.signIn),
      signOut: record('signOut'),
      resend: record('resend'),
      resetPasswordForEmail: record('resetPasswordForEmail'),
    },
  };
}

let client: ReturnType<typeof fakeClient>;
vi.mock('../../src/lib/supabase.ts', () => ({ createSiteClient: () => client }));

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

const ORIGIN = 'https://www.bridgewayvisa.example';
const EMAIL = 'amara@example.com';
const PASSWORD = 'a-good-password';

/** The account calls and the CAPTCHA, fresh (the token lives in the module), with the widget mounted when `captcha`. */
async function accountCalls(captcha: boolean) {
  vi.resetModules();
  if (captcha) {
    vi.stubEnv('PUBLIC_CAPTCHA_PROVIDER', 'hcaptcha');
    vi.stubEnv('PUBLIC_CAPTCHA_SITE_KEY', 'site-key');
  }
  vi.stubGlobal('window', { location: { origin: ORIGIN, hash: '' }, hcaptcha: solvingProvider() });
  const { captchaConfig, mountCaptcha } = await import('../../src/lib/captcha.ts');
  const config = captchaConfig();
  expect(config !== null).toBe(captcha);
  if (config) await mountCaptcha({} as HTMLElement, config);
  return import('../../src/lib/auth/actions.ts');
}

beforeEach(() => {
  client = fakeClient();
  vi.stubEnv('PUBLIC_CAPTCHA_PROVIDER', '');
  vi.stubEnv('PUBLIC_CAPTCHA_SITE_KEY', '');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const verifyLink = { emailRedirectTo: `${ORIGIN}/verify` };

describe('with a CAPTCHA', () => {
  it('the reset request sends the solved challenge’s token', async () => {
    const { requestPasswordReset } = await accountCalls(true);
    expect(await requestPasswordReset(EMAIL)).toEqual({ ok: true, data: undefined });
    expect(client.calls).toEqual([['resetPasswordForEmail', EMAIL, { redirectTo: `${ORIGIN}/set-password`, captchaToken: 'token-1' }]]);
  });

  it('Resend, for the credentials the login has just found unverified, spends the challenge on the email', async () => {
    const { resendVerification } = await accountCalls(true);
    expect(await resendVerification(EMAIL, PASSWORD, { email: EMAIL, password: PASSWORD })).toEqual({ ok: true, data: 'sent' });
    expect(client.calls).toEqual([['resend', { type: 'signup', email: EMAIL, options: { ...verifyLink, captchaToken: 'token-1' } }]]);
  });

  it('Resend, for other credentials, checks them first and asks for the challenge again before sending', async () => {
    const { resendVerification } = await accountCalls(true);
    const refused = { email: 'someone-else@example.com', password: PASSWORD };
    expect(await resendVerification(EMAIL, PASSWORD, refused)).toEqual({ ok: true, data: 'solve-again' });
    expect(client.calls).toEqual([['signInWithPassword', { email: EMAIL, password: PASSWORD, options: { captchaToken: 'token-1' } }]]);

    // The form now holds these as the unverified credentials; the next press sends with a new token.
    expect(await resendVerification(EMAIL, PASSWORD, { email: EMAIL, password: PASSWORD })).toEqual({ ok: true, data: 'sent' });
    expect(client.calls.slice(1)).toEqual([['resend', { type: 'signup', email: EMAIL, options: { ...verifyLink, captchaToken: 'token-2' } }]]);
  });

  it('Resend still says when the other credentials are verified or wrong, and sends nothing', async () => {
    const { resendVerification } = await accountCalls(true);
    client.state.signIn = CONFIRMED;
    expect(await resendVerification(EMAIL, PASSWORD)).toEqual({ ok: true, data: 'already-verified' });
    client.state.signIn = WRONG_PASSWORD;
    expect(await resendVerification(EMAIL, 'not-the-password')).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(client.calls.map(([name]) => name)).toEqual(['signInWithPassword', 'signOut', 'signInWithPassword']);
  });
});

describe('without a CAPTCHA', () => {
  it('the reset request and Resend make the calls they always made, with no token', async () => {
    const { requestPasswordReset, resendVerification } = await accountCalls(false);
    await requestPasswordReset(EMAIL);
    // Even for credentials the login has just refused, Resend checks them again (it then tells a
    // visitor who verified meanwhile that they are verified).
    expect(await resendVerification(EMAIL, PASSWORD, { email: EMAIL, password: PASSWORD })).toEqual({ ok: true, data: 'sent' });
    expect(client.calls).toEqual([
      ['resetPasswordForEmail', EMAIL, { redirectTo: `${ORIGIN}/set-password` }],
      ['signInWithPassword', { email: EMAIL, password: PASSWORD, options: {} }],
      ['resend', { type: 'signup', email: EMAIL, options: verifyLink }],
    ]);
  });
});
