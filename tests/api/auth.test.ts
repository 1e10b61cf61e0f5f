// Auth through supabase-js against the local backend: each endpoint of supabase/local/README.md
// ("Auth"), with the exact codes and messages GoTrue gives.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/config.ts';
import { localOnlyTest, startBackend, templatedLink, uniqueEmail, verifyUrl, type TestBackend } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const PASSWORD = 'correct-horse-battery';

describe('signup', () => {
  localOnlyTest('creates an unconfirmed user with one identity, no session, and emails a confirmation link', async () => {
    const email = uniqueEmail('new');
    const { data, error } = await backend.client().auth.signUp({ email: email.toUpperCase(), password: PASSWORD, options: { data: { full_name: 'Ada Obi' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada Obi' });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const mail = await backend.lastMail(email);
    expect(mail.type).toBe('signup');
    expect(mail.subject).toMatch(/confirm/i);
    // The site's own page (here the site URL: the request named none) with the token's hash; no code.
    expect(templatedLink(mail)).toEqual({ page: backend.siteUrl, tokenHash: expect.stringMatching(/^[0-9a-f]{56}$/), type: 'email' });
    expect(mail.html).not.toContain(mail.token);
  });

  localOnlyTest('the profile trigger copies signup metadata', async () => {
    const email = uniqueEmail('profile');
    const { data } = await backend.client().auth.signUp({ email, password: PASSWORD, options: { data: { full_name: 'Grace', age: 31, phone: '+234 800 000 0000' } } });
    const res = await backend.db.query<{ full_name: string; age: number; phone: string; role: string }>(
      'select full_name, age, phone, role from public.profiles where id = $1',
      [data.user!.id],
    );
    expect(res.rows[0]).toEqual({ full_name: 'Grace', age: 31, phone: '+234 800 000 0000', role: 'user' });
  });

  localOnlyTest('a confirmed address gets an obfuscated user with no identities and no email', async () => {
    const email = uniqueEmail('dup');
    await backend.confirmedUser(email, PASSWORD);
    const before = (await backend.mail(email)).length;
    const { data, error } = await backend.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.role).toBe('');
    expect(await backend.mail(email)).toHaveLength(before);
  });

  test.each([
    ['too short', 'short', 422, 'weak_password', 'Password should be at least 8 characters.'],
    ['longer than 72 bytes', 'x'.repeat(73), 400, 'validation_failed', 'Password cannot be longer than 72 characters'],
    ['empty', '', 400, 'validation_failed', 'Signup requires a valid password'],
  ])('refuses a password that is %s', async (_label, password, status, code, message) => {
    const { error } = await backend.client().auth.signUp({ email: uniqueEmail('pw'), password });
    expect(error?.status).toBe(status);
    expect(error?.code).toBe(code);
    expect(error?.message).toBe(message);
    if (code === 'weak_password') expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
  });

  localOnlyTest('a failing database trigger is 500 "Database error saving new user" and leaves no user', async () => {
    // A trigger of this test's own database refuses one address, as a broken profile trigger would.
    await backend.db.exec(`
      create or replace function public.test_refuse_signup() returns trigger language plpgsql as
        $$ begin raise exception 'refused by test'; end $$;
      create trigger test_refuse_signup before insert on auth.users for each row
        when (new.email like 'trigger-fails%') execute function public.test_refuse_signup();`);
    const email = `trigger-fails.${Date.now()}@example.com`;
    const { error } = await backend.client().auth.signUp({ email, password: PASSWORD });
    expect(error?.status).toBe(500);
    expect(error?.message).toBe('Database error saving new user');
    const rows = await backend.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows.rows).toHaveLength(0);
    expect(await backend.mail(email)).toHaveLength(0);
  });

  test('refuses the email "not-an-email"', async () => {
    const { error } = await backend.client().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  test('takes an empty email (and no phone) for an anonymous sign-in, as GoTrue routes it: refused while those are off', async () => {
    const { error } = await backend.client().auth.signUp({ email: '', password: PASSWORD });
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
  });
});

describe('password sign-in', () => {
  test('an unconfirmed email is refused with email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const { data, error } = await backend.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.message).toBe('Email not confirmed');
  });

  test('a CAPTCHA token (gotrue_meta_security.captcha_token) is accepted and not checked, at signup and sign-in', async () => {
    const email = uniqueEmail('captcha');
    const client = backend.client();
    expect((await client.auth.signUp({ email, password: PASSWORD, options: { captchaToken: 'not-checked-here' } })).error).toBeNull();
    await backend.follow(verifyUrl(backend, await backend.lastMail(email)));
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD, options: { captchaToken: 'not-checked-here' } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
  });

  // Local only: on a hosted project these would send real emails.
  localOnlyTest('a CAPTCHA token is accepted and not checked at resending the verification email and at password recovery', async () => {
    const email = uniqueEmail('captcha-mail');
    const client = backend.client();
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await client.auth.resend({ type: 'signup', email, options: { captchaToken: 'not-checked-here' } })).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(email, { captchaToken: 'not-checked-here' })).error).toBeNull();
    expect((await backend.lastMail(email)).type).toBe('recovery');
  });

  test('a wrong password and an unknown email give the same answer', async () => {
    const email = uniqueEmail('wrong');
    await backend.confirmedUser(email, PASSWORD);
    for (const attempt of [{ email, password: 'not-the-password' }, { email: uniqueEmail('nobody'), password: PASSWORD }]) {
      const { error } = await backend.client().auth.signInWithPassword(attempt);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  // Hosted's token columns are nullable (supabase/local/db/bootstrap.sql); a user inserted by hand
  // may leave them NULL. This server reads them as '' (the real one would answer 500: seed.sql must
  // fill them, tests/db/seed.test.ts), and writes '' when it issues or clears a token.
  test('a user inserted by hand with NULL token columns signs in and can ask for a recovery email', async () => {
    const email = uniqueEmail('by-hand');
    await backend.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt($2, extensions.gen_salt('bf', 4)), now(), now(), now())`,
      [email, PASSWORD],
    );
    const { data, error } = await backend.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect((await backend.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    await backend.settled();
    expect((await backend.lastMail(email)).type).toBe('recovery');
  });

  test('a confirmed user gets a session whose JWT carries GoTrue claims', async () => {
    const email = uniqueEmail('login');
    await backend.confirmedUser(email, PASSWORD);
    const { data, error } = await backend.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.last_sign_in_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: session.user.id, aud: 'authenticated', role: 'authenticated', email, aal: 'aal1', is_anonymous: false });
    expect(claims.amr[0].method).toBe('password');
    expect(typeof claims.session_id).toBe('string');
  });

  test('getClaims verifies the HS256 token through the server', async () => {
    const email = uniqueEmail('claims');
    const { client } = await backend.confirmedUser(email, PASSWORD);
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ email, role: 'authenticated' });
  });

  test('an unknown grant type is refused', async () => {
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});

describe('email links as supabase/templates write them', () => {
  localOnlyTest('the signup link lands on the page the site named; verifyOtp with its token_hash and type email confirms and signs in, once', async () => {
    const email = uniqueEmail('tpl-signup');
    await backend.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:4321/verify' } });
    const mail = await backend.lastMail(email);
    const link = templatedLink(mail);
    expect(link).toMatchObject({ page: 'http://localhost:4321/verify', type: 'email' });
    expect(mail.html).not.toContain(mail.token);
    // Nothing is spent until the page's button calls verifyOtp: the address is still unconfirmed.
    expect((await backend.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('email_not_confirmed');
    const client = backend.client();
    const { data, error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const again = await backend.client().auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
    expect((await backend.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  localOnlyTest('the reset link: verifyOtp with type recovery signs in, the new password saves, and the link is spent', async () => {
    const email = uniqueEmail('tpl-recovery');
    await backend.confirmedUser(email, PASSWORD);
    await backend.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4321/set-password' });
    const mail = await backend.lastMail(email);
    expect(mail.type).toBe('recovery');
    const link = templatedLink(mail);
    expect(link).toMatchObject({ page: 'http://localhost:4321/set-password', type: 'recovery' });
    expect(mail.html).not.toContain(mail.token);
    const client = backend.client();
    const { data, error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: 'a-brand-new-password' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
    const again = await backend.client().auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });

  localOnlyTest('a signup link is no reset link: its token with type recovery is refused and stays unspent', async () => {
    const email = uniqueEmail('tpl-cross');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const link = templatedLink(await backend.lastMail(email));
    const crossed = await backend.client().auth.verifyOtp({ token_hash: link.tokenHash, type: 'recovery' });
    expect(crossed.error).toMatchObject({ status: 403, code: 'otp_expired' });
    expect((await backend.client().auth.verifyOtp({ token_hash: link.tokenHash, type: 'email' })).error).toBeNull();
  });
});

describe('email links', () => {
  localOnlyTest('the confirmation link confirms, then redirects with a session in the fragment (keys sorted)', async () => {
    const email = uniqueEmail('link');
    await backend.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:4321/profile' } });
    const { status, location, fragment } = await backend.follow(verifyUrl(backend, await backend.lastMail(email)));
    expect(status).toBe(303);
    expect(location.startsWith('http://localhost:4321/profile#access_token=')).toBe(true);
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('signup');
    const client = backend.client();
    const { data } = await client.auth.getUser(fragment.get('access_token')!);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  localOnlyTest('a used link redirects with otp_expired', async () => {
    const email = uniqueEmail('reuse');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const link = verifyUrl(backend, await backend.lastMail(email));
    await backend.follow(link);
    const { status, location, fragment } = await backend.follow(link);
    expect(status).toBe(303);
    expect(location).toBe(backend.siteUrl + '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  localOnlyTest('an expired link redirects with otp_expired and does not confirm', async () => {
    const email = uniqueEmail('expired');
    const { data } = await backend.client().auth.signUp({ email, password: PASSWORD });
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 days' where id = $1`, [data.user!.id]);
    const { fragment } = await backend.follow(verifyUrl(backend, await backend.lastMail(email)));
    expect(fragment.get('error_code')).toBe('otp_expired');
    const { error } = await backend.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.code).toBe('email_not_confirmed');
  });

  localOnlyTest('a redirect outside the allow-list falls back to the site URL', async () => {
    const email = uniqueEmail('evil');
    await backend.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example.net/steal' } });
    const { location } = await backend.follow(verifyUrl(backend, await backend.lastMail(email)));
    expect(location.startsWith(backend.siteUrl + '#access_token=')).toBe(true);
  });

  test('a link without a token is a JSON 400, not a redirect', async () => {
    const res = await fetch(`${backend.url}/auth/v1/verify?type=signup`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe('validation_failed');
  });

  localOnlyTest('verifyOtp accepts the emailed code and refuses a wrong one', async () => {
    const email = uniqueEmail('otp');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const mail = await backend.lastMail(email);
    const wrong = await backend.client().auth.verifyOtp({ email, token: mail.token === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    const right = await backend.client().auth.verifyOtp({ email, token: mail.token, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });
});

describe('resend and recover', () => {
  localOnlyTest('resend within 60 seconds answers {} and sends nothing (a 429 would only reach existing accounts)', async () => {
    const email = uniqueEmail('resend');
    await backend.client().auth.signUp({ email, password: PASSWORD });
    const { error } = await backend.client().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(await backend.mail(email)).toHaveLength(1);
  });

  localOnlyTest('resend after the window sends a new link; unknown and confirmed addresses get {} silently', async () => {
    const email = uniqueEmail('resend2');
    const { data } = await backend.client().auth.signUp({ email, password: PASSWORD });
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '61 seconds' where id = $1`, [data.user!.id]);
    expect((await backend.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await backend.mail(email)).toHaveLength(2);
    expect((await backend.client().auth.resend({ type: 'signup', email: uniqueEmail('ghost') })).error).toBeNull();
    const confirmed = uniqueEmail('resend3');
    await backend.confirmedUser(confirmed);
    expect((await backend.client().auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await backend.mail(confirmed)).toHaveLength(1);
  });

  localOnlyTest('recovery emails a link that signs in with type=recovery, then the password can change', async () => {
    const email = uniqueEmail('recover');
    await backend.confirmedUser(email, PASSWORD);
    expect((await backend.client().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4321/reset' })).error).toBeNull();
    const mail = await backend.lastMail(email);
    expect(mail.type).toBe('recovery');
    const { location, fragment } = await backend.follow(verifyUrl(backend, mail));
    expect(location.startsWith('http://localhost:4321/reset#')).toBe(true);
    expect(fragment.get('type')).toBe('recovery');
    const client = backend.client();
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect((await client.auth.updateUser({ password: 'a-brand-new-password' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
    expect((await backend.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  localOnlyTest('recovery for an unknown address answers {} and sends nothing; a repeat within 60 s answers {} and sends nothing', async () => {
    const ghost = uniqueEmail('ghost');
    expect((await backend.client().auth.resetPasswordForEmail(ghost)).error).toBeNull();
    expect(await backend.mail(ghost)).toHaveLength(0);
    const email = uniqueEmail('recover2');
    await backend.confirmedUser(email);
    await backend.client().auth.resetPasswordForEmail(email);
    const again = await backend.client().auth.resetPasswordForEmail(email);
    expect(again.error).toBeNull();
    expect((await backend.mail(email)).filter((m) => m.type === 'recovery')).toHaveLength(1);
  });
});

describe('signed-in user', () => {
  test('getUser, metadata merge with null deleting a key, weak new password', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('me'), PASSWORD, { full_name: 'Ada', city: 'Lagos' });
    const { data } = await client.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada', city: 'Lagos' });
    const updated = await client.auth.updateUser({ data: { city: null, country: 'Ghana' } });
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Ada', country: 'Ghana' });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('city');
    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
  });

  test('refresh rotates the token; reusing an old one revokes the family', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('refresh'), PASSWORD);
    const first = (await client.auth.getSession()).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const third = (await client.auth.refreshSession()).data.session!;
    expect(third.refresh_token).not.toBe(second.refresh_token);
    const reuse = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');
    // The whole family is revoked, including the newest token.
    const after = await backend.client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(after.error?.status).toBe(400);
  });

  test('a token whose child is active returns the active token (the client lost the answer)', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('lost'), PASSWORD);
    const first = (await client.auth.getSession()).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    const again = await backend.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(second.refresh_token);
  });

  test('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await backend.client().auth.refreshSession({ refresh_token: 'abcdefghijkl' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  test('logout ends the session: the old access token is session_not_found', async () => {
    const { client } = await backend.confirmedUser(uniqueEmail('logout'), PASSWORD);
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();
    const res = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-sb-error-code')).toBe('session_not_found');
    expect(await res.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
  });

  test('missing, forged and expired bearer tokens', async () => {
    const headers = { apikey: backend.anonKey, 'x-supabase-api-version': '2024-01-01' };
    const missing = await fetch(`${backend.url}/auth/v1/user`, { headers });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const forged = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-at-least-32-chars');
    const bad = await fetch(`${backend.url}/auth/v1/user`, { headers: { ...headers, authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(403);
    expect((await bad.json()).message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
    const expired = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 }, LOCAL_JWT_SECRET);
    const old = await fetch(`${backend.url}/auth/v1/user`, { headers: { ...headers, authorization: `Bearer ${expired}` } });
    expect(old.status).toBe(403);
    expect((await old.json()).code).toBe('bad_jwt');
  });

  test('without the version header errors use the legacy envelope', async () => {
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: PASSWORD }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBeNull();
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });
});

describe('admin', () => {
  localOnlyTest('the service key deletes a user; their profile cascades and sign-in stops', async () => {
    const email = uniqueEmail('doomed');
    const { userId } = await backend.confirmedUser(email, PASSWORD);
    const { error } = await backend.admin().auth.admin.deleteUser(userId);
    expect(error).toBeNull();
    const profile = await backend.db.query('select 1 from public.profiles where id = $1', [userId]);
    expect(profile.rows).toHaveLength(0);
    expect((await backend.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    const again = await backend.admin().auth.admin.deleteUser(userId);
    expect(again.error?.status).toBe(404);
    expect(again.error?.code).toBe('user_not_found');
  });

  test('a user token is not admin', async () => {
    const { client, userId } = await backend.confirmedUser(uniqueEmail('notadmin'), PASSWORD);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const res = await fetch(`${backend.url}/auth/v1/admin/users/${userId}`, {
      method: 'DELETE',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });
});
