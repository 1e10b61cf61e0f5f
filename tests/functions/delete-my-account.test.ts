// "Delete my account" (supabase/functions/delete-my-account) and staff's delete from the users list,
// one deletion (private.delete_account), in Deno against the embedded backend: the password is
// asked again, then the account, its profile and sessions go, every file is removed through the
// Storage API (remove-documents), what was sent under the verified address is deleted, each
// application is kept with its personal fields erased, a confirmation is emailed, and the old
// access token reads nothing and writes nothing. Hostile callers get 4xx and change nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENTS_BUCKET } from '../../src/lib/document-rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { application, uniqueEmail, type TestBackend } from '../api/support.ts';
import { sample } from '../api/storage-support.ts';
import { openSlot } from '../support/open-slots.ts';
import { drain, notificationBackend } from './support.ts';

let backend: TestBackend;
let admin: SupabaseClient;

interface Applicant {
  client: SupabaseClient;
  userId: string;
  email: string;
  password: string;
  token: string;
  applicationId: string;
  files: string[];
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** A confirmed applicant with an application of `files` documents, and a booking, a message and a subscription under their address. */
async function applicantWith(label: string, files: number): Promise<Applicant> {
  const email = uniqueEmail(label);
  const password = `${label}-password-1`;
  const user = await backend.confirmedUser(email, password, { full_name: 'Ada Obi' });
  const { data, error } = await user.client.from('visa_applications').insert(application('Ada Obi', { email })).select('id').single();
  if (error) throw error;
  const applicationId = (data as { id: string }).id;
  const names = Array.from({ length: files }, (_, i) => documentPath(user.userId, applicationId, 'passport', `page-${i + 1}.pdf`));
  for (const name of names) {
    const up = await user.client.storage.from(DOCUMENTS_BUCKET).upload(name, sample('pdf'), { contentType: 'application/pdf' });
    if (up.error) throw up.error;
  }
  const visitor = backend.client();
  expect((await visitor.from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...openSlot() })).error).toBeNull();
  expect((await visitor.from('contact_messages').insert({ name: 'Ada Obi', email, subject: 'Help', phone: '+234 800 000 0002', message: 'Hello', page: '/contact1' })).error).toBeNull();
  expect((await visitor.rpc('subscribe_newsletter', { email })).error).toBeNull();
  return { ...user, email, password, token: await tokenOf(user.client), applicationId, files: names };
}

async function deleteAs(headers: Record<string, string>, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${backend.url}/functions/v1/delete-my-account`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) found`, params);
  return rows[0]!.n;
}

/** What is left of the account and of what it sent, by table. */
async function leftOf(person: Applicant): Promise<Record<string, number>> {
  const address = person.email.toLowerCase();
  return {
    account: await count('select 1 from auth.users where id = $1', [person.userId]),
    profile: await count('select 1 from public.profiles where id = $1', [person.userId]),
    sessions: await count('select 1 from auth.sessions where user_id = $1', [person.userId]),
    refreshTokens: await count('select 1 from auth.refresh_tokens where user_id = $1::text', [person.userId]),
    bookings: await count('select 1 from public.bookings where email_lower = $1', [address]),
    messages: await count('select 1 from public.contact_messages where email_lower = $1', [address]),
    newsletter: await count('select 1 from public.newsletter_subscribers where email_lower = $1', [address]),
    files: await count(`select 1 from storage.objects where bucket_id = $1 and name like $2 || '/%'`, [DOCUMENTS_BUCKET, person.userId]),
  };
}

beforeAll(async () => {
  backend = await notificationBackend();
  const staff = await backend.confirmedUser(uniqueEmail('staff'), 'staff-password-1');
  // Staff act at aal2 only: makeAdmin signs the client in with a code too.
  await backend.makeAdmin(staff.userId, staff.client);
  admin = staff.client;
}, 60_000);

afterAll(() => backend?.close());

describe('hostile callers change nothing', () => {
  let person: Applicant;
  beforeAll(async () => {
    person = await applicantWith('kept', 1);
  });

  test('no token, the anon key, or a token forged for the applicant: 401', async () => {
    expect((await deleteAs({}, { password: person.password })).status).toBe(401);
    expect((await deleteAs({ authorization: `Bearer ${backend.anonKey}` }, { password: person.password })).status).toBe(401);
    const forged = await signJwt({ sub: person.userId, role: 'authenticated', aud: 'authenticated', email: person.email, exp: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-that-is-at-least-32-chars');
    expect((await deleteAs({ authorization: `Bearer ${forged}` }, { password: person.password })).status).toBe(401);
  });

  test('no password, a body that is not JSON, or a password far too long: 400 at the password field', async () => {
    const auth = { authorization: `Bearer ${person.token}` };
    for (const body of [{}, { password: '' }, { password: 42 }, 'not json', { password: 'x'.repeat(1001) }]) {
      expect(await deleteAs(auth, body)).toEqual({ status: 400, body: { error: 'no_password', field: 'password', message: 'Enter your password to confirm.' } });
    }
  });

  test('a wrong password: 400, said clearly, at the password field', async () => {
    const answer = await deleteAs({ authorization: `Bearer ${person.token}` }, { password: 'not-the-password' });
    expect(answer).toEqual({ status: 400, body: { error: 'wrong_password', field: 'password', message: 'That password is not right. Enter the password you sign in with.' } });
  });

  test('another person’s id in the body is not read: the caller’s own password is what is checked', async () => {
    const other = await backend.confirmedUser(uniqueEmail('other'), 'other-password-1');
    const answer = await deleteAs({ authorization: `Bearer ${await tokenOf(other.client)}` }, { password: person.password, user_id: person.userId });
    expect(answer.status).toBe(400);
  });

  test('a staff account: 403, deleted only by another admin', async () => {
    const answer = await deleteAs({ authorization: `Bearer ${await tokenOf(admin)}` }, { password: 'staff-password-1' });
    expect(answer).toMatchObject({ status: 403, body: { error: 'staff_account' } });
  });

  test('the applicant’s account and everything of theirs is still there', async () => {
    expect(await leftOf(person)).toMatchObject({ account: 1, profile: 1, bookings: 1, messages: 1, newsletter: 1, files: 1 });
  });
});

describe('an applicant deleting their own account', () => {
  let person: Applicant;
  let bystander: Applicant;

  beforeAll(async () => {
    person = await applicantWith('leaving', 3);
    bystander = await applicantWith('staying', 1);
    await drain(backend);
    const answer = await deleteAs({ authorization: `Bearer ${person.token}` }, { password: person.password });
    expect(answer).toEqual({ status: 200, body: { deleted: true, applications_kept: 1, files_removed: 3 } });
  });

  test('removes the account, its profile, every session and refresh token, and what was sent under the address', async () => {
    expect(await leftOf(person)).toEqual({ account: 0, profile: 0, sessions: 0, refreshTokens: 0, bookings: 0, messages: 0, newsletter: 0, files: 3 });
    expect(await leftOf(bystander)).toMatchObject({ account: 1, profile: 1, bookings: 1, messages: 1, newsletter: 1, files: 1 });
  });

  test('removes every file through the Storage API: gone when listed as the service role', async () => {
    const answers = await drain(backend, 'remove-documents');
    expect(answers[0]!.body).toMatchObject({ removed: 3 });
    const folder = `${person.userId}/${person.applicationId}/passport`;
    const listed = await backend.admin().storage.from(DOCUMENTS_BUCKET).list(folder);
    expect(listed).toMatchObject({ error: null, data: [] });
    expect((await leftOf(person)).files).toBe(0);
  });

  test('keeps the application, its status and dates, with every personal field erased', async () => {
    const { data } = await admin.from('visa_applications').select('*').eq('id', person.applicationId).single();
    expect(data).toMatchObject({
      user_id: null,
      name: 'Erased',
      email: 'erased@erased.invalid',
      phone: 'Erased',
      dob: '1900-01-01',
      nationality: 'Erased',
      passport_number: 'Erased',
      marital_status: null,
      address: 'Erased',
      message: null,
      status: 'submitted',
      erased_at: expect.any(String),
    });
    expect(JSON.stringify(data)).not.toContain('Ada');
  });

  test('the person can no longer sign in, nor renew their session', async () => {
    const signIn = await backend.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(signIn.error?.status).toBe(400);
    const refreshed = await person.client.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
  });

  test('the old access token reads nothing and writes nothing', async () => {
    // As on hosted, the token's signature still holds until it expires: what it reaches is nothing.
    const headers = { authorization: `Bearer ${person.token}`, apikey: backend.anonKey };
    const read = async (path: string) => {
      const res = await fetch(`${backend.url}/rest/v1/${path}`, { headers });
      return res.ok ? ((await res.json()) as unknown[]) : res.status;
    };
    expect(await read('profiles?select=*')).toEqual([]);
    expect(await read('visa_applications?select=*')).toEqual([]);
    expect(await read('application_status_changes?select=*')).toEqual([]);
    const objects = await fetch(`${backend.url}/storage/v1/object/list/${DOCUMENTS_BUCKET}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: `${person.userId}/${person.applicationId}/passport/` }),
    });
    expect(objects.status).toBe(200);
    expect(await objects.json()).toEqual([]);

    const insert = await fetch(`${backend.url}/rest/v1/visa_applications`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...application('Ghost'), user_id: person.userId }),
    });
    expect(insert.status).toBeGreaterThanOrEqual(400);
    expect(insert.status).toBeLessThan(500);
    const update = await fetch(`${backend.url}/rest/v1/profiles?id=eq.${person.userId}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ full_name: 'Ghost' }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toEqual([]);
    const upload = await fetch(`${backend.url}/storage/v1/object/${DOCUMENTS_BUCKET}/${person.userId}/${person.applicationId}/passport/again.pdf`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/pdf' },
      body: new Uint8Array(sample('pdf')),
    });
    expect(upload.status).toBeGreaterThanOrEqual(400);
    expect(upload.status).toBeLessThan(500);
    expect(await count('select 1 from public.visa_applications where name = $1', ['Ghost'])).toBe(0);
  });

  test('emails a confirmation to the address the account had, and records the deletion', async () => {
    await drain(backend);
    const mail = await backend.lastMail(person.email);
    expect(mail.subject).toMatch(/account has been deleted$/);
    expect(mail.text).toContain('You deleted your account on');
    expect(mail.text).toContain('your documents (3 files)');
    const { rows } = await backend.db.query('select by_staff, applications_kept, files_removed from public.account_deletions where lower(email) = lower($1)', [person.email]);
    expect(rows).toEqual([{ by_staff: false, applications_kept: 1, files_removed: 3 }]);
  });
});

describe('staff deleting an account for a person who asked by phone', () => {
  test('is the same deletion: files removed, application erased, the person emailed', async () => {
    const person = await applicantWith('phoned', 2);
    await drain(backend);
    const deleted = await admin.rpc('admin_delete_user', { user_id: person.userId });
    expect(deleted.error).toBeNull();
    expect(await leftOf(person)).toMatchObject({ account: 0, profile: 0, bookings: 0, messages: 0, newsletter: 0 });
    await drain(backend, 'remove-documents');
    expect((await leftOf(person)).files).toBe(0);
    const { data } = await admin.from('visa_applications').select('user_id, name, passport_number').eq('id', person.applicationId).single();
    expect(data).toEqual({ user_id: null, name: 'Erased', passport_number: 'Erased' });
    await drain(backend);
    expect((await backend.lastMail(person.email)).text).toContain('As you asked us, we deleted your account on');
  });
});
