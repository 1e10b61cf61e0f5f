// "Download my data" (supabase/functions/export-my-data), in Deno against the embedded backend: an
// applicant with an application, 30 documents, a booking, a message, a newsletter subscription and
// the emails sent to them gets one zip of data.json and the files, byte for byte; every section
// the list of personal data names is in it (common/personal-data.ts: a table added to the list
// without its section fails here); what others typed under another address is not; hostile
// callers get 4xx. The export's time and size for 30 files are printed with the machine's load.
import { loadavg } from 'node:os';
import type { SupabaseClient } from '@supabase/supabase-js';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { EXPORT_SECTIONS, PERSONAL_BUCKETS, PERSONAL_TABLES } from '../../common/personal-data.ts';
import { DOCUMENTS_BUCKET } from '../../src/lib/document-rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { application, uniqueEmail, type TestBackend } from '../api/support.ts';
import { sample } from '../api/storage-support.ts';
import { openSlot } from '../support/open-slots.ts';
import { drain, notificationBackend } from './support.ts';

let backend: TestBackend;
let applicant: { client: SupabaseClient; userId: string; email: string; token: string };
let applicationId: string;
/** The uploaded files by object name. */
const uploaded = new Map<string, Buffer>();

/** The five items of 6 files each: an application holds at most 30, an item at most 6. */
const ITEMS = ['passport', 'bank-statements', 'photos', 'employment', 'travel-history'];
const FILE_BYTES = 250_000;

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

/** POSTs to export-my-data with `headers`; the zip's entries when it answered 200. */
async function exportAs(headers: Record<string, string>, body: unknown = {}): Promise<{ status: number; bytes: Uint8Array; type: string | null; disposition: string | null }> {
  const res = await fetch(`${backend.url}/functions/v1/export-my-data`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
}

beforeAll(async () => {
  backend = await notificationBackend();
  const email = uniqueEmail('exporter');
  const user = await backend.confirmedUser(email, 'exporter-password-1', { full_name: 'Ada Obi' });
  applicant = { ...user, email, token: await tokenOf(user.client) };

  const { data, error } = await applicant.client.from('visa_applications').insert(application('Ada Obi', { email })).select('id').single();
  if (error) throw error;
  applicationId = (data as { id: string }).id;
  await Promise.all(
    ITEMS.flatMap((item) =>
      Array.from({ length: 6 }, async (_, i) => {
        const name = documentPath(applicant.userId, applicationId, item, `${item}-${i + 1}.pdf`);
        const bytes = Buffer.concat([sample('pdf', FILE_BYTES), Buffer.from(name)]);
        const up = await applicant.client.storage.from(DOCUMENTS_BUCKET).upload(name, bytes, { contentType: 'application/pdf' });
        if (up.error) throw up.error;
        uploaded.set(name, bytes);
      }),
    ),
  );

  // What a visitor sends under the applicant's address, and under someone else's.
  const visitor = backend.client();
  for (const [address, name] of [[email, 'Ada Obi'], [uniqueEmail('stranger'), 'Someone Else']] as const) {
    const booked = await visitor.from('bookings').insert({ full_name: name, phone: '+234 800 000 0001', email: address, country: 'UK', ...openSlot() });
    if (booked.error) throw booked.error;
    const sent = await visitor.from('contact_messages').insert({ name, email: address, subject: 'Study permit', phone: '+234 800 000 0002', message: `From ${name}`, page: '/contact1' });
    if (sent.error) throw sent.error;
  }
  const subscribed = await visitor.rpc('subscribe_newsletter', { email: email.toUpperCase() });
  if (subscribed.error) throw subscribed.error;
  await drain(backend);
}, 120_000);

afterAll(() => backend?.close());

describe('the export of an applicant with 30 documents', () => {
  let entries: Record<string, Uint8Array>;
  let data: Record<string, unknown> & { applications: Record<string, unknown>[]; documents: Record<string, unknown>[] };

  beforeAll(async () => {
    const started = performance.now();
    const answer = await exportAs({ authorization: `Bearer ${applicant.token}` });
    const ms = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/zip');
    expect(answer.disposition).toMatch(/^attachment; filename="bridgeway-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    // The figure docs/privacy-export.md quotes: printed with the load, as the machine may be busy.
    console.log(`[export-my-data] 30 files of ${FILE_BYTES} bytes: ${Math.round(ms)} ms, ${answer.bytes.length} bytes, load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    expect(ms).toBeLessThan(10_000);
    entries = unzipSync(answer.bytes);
    data = JSON.parse(strFromU8(entries['data.json']!)) as typeof data;
  });

  test('holds data.json and each document byte for byte', () => {
    const files = Object.keys(entries).filter((path) => path.startsWith('documents/'));
    expect(files).toHaveLength(30);
    for (const doc of data.documents) {
      const objectName = [...uploaded.keys()].find((name) => name.endsWith(`/${doc['item']}/${doc['file_name']}`))!;
      expect(Buffer.from(entries[doc['file'] as string]!).equals(uploaded.get(objectName)!)).toBe(true);
      expect(doc).toMatchObject({ application_reference: applicationId.slice(0, 8).toUpperCase(), size: uploaded.get(objectName)!.length, type: 'application/pdf' });
    }
  });

  test('lists every section of the list of personal data, each holding this applicant’s rows', () => {
    expect(Object.keys(data)).toEqual(['format', 'exported_at', 'note', ...EXPORT_SECTIONS]);
    const sections = new Set([...PERSONAL_TABLES.flatMap((entry) => (entry.exportKey ? [entry.exportKey] : [])), ...PERSONAL_BUCKETS.map((entry) => entry.exportKey)]);
    for (const section of sections) {
      const value = data[section];
      expect(value, section).not.toBeNull();
      if (Array.isArray(value)) expect(value.length, section).toBeGreaterThan(0);
    }
  });

  test('is recorded in the activity record, the applicant as actor and subject, with its number of files', async () => {
    const { rows } = await backend.db.query(
      `select actor, actor_role, detail from public.activity_record where kind = 'data_exported' and subject_user_id = $1`,
      [applicant.userId],
    );
    expect(rows).toEqual([{ actor: applicant.userId, actor_role: 'user', detail: { files: 30 } }]);
  });

  test('holds the account, the profile and the application with its timeline', () => {
    expect(data['account']).toMatchObject({ id: applicant.userId, email: applicant.email, email_confirmed_at: expect.any(String) });
    expect(data['profile']).toMatchObject({ id: applicant.userId, full_name: 'Ada Obi', email: applicant.email });
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({ id: applicationId, name: 'Ada Obi', status: 'submitted', timeline: [{ from_status: null, to_status: 'submitted' }] });
    expect(data.applications[0]).not.toHaveProperty('email_lower');
  });

  test('holds what was sent under the verified address, whatever its case, and nothing under another', () => {
    expect(data['bookings']).toEqual([expect.objectContaining({ full_name: 'Ada Obi', email: applicant.email })]);
    expect(data['messages']).toEqual([expect.objectContaining({ message: 'From Ada Obi' })]);
    expect(data['newsletter']).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(data['newsletter']).not.toContainEqual(expect.objectContaining({ confirmation_token_hash: expect.anything() }));
    const emails = data['emails'] as { kind: string; about: string; status: string }[];
    expect(emails.map((email) => email.kind).sort()).toEqual(['applicant_application_received', 'booking_confirmation', 'newsletter_confirmation']);
    expect(emails.every((email) => email.status === 'sent' && email.about.length > 0)).toBe(true);
    expect(JSON.stringify(data)).not.toContain('Someone Else');
  });
});

describe('hostile callers', () => {
  test('without a token, with the anon key, or with a malformed one: 401', async () => {
    expect((await exportAs({})).status).toBe(401);
    expect((await exportAs({ authorization: `Bearer ${backend.anonKey}` })).status).toBe(401);
    expect((await exportAs({ authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await exportAs({ authorization: `Basic ${applicant.token}` })).status).toBe(401);
  });

  test('with a token forged for the applicant (signed with another secret): 401', async () => {
    const claims = { sub: applicant.userId, role: 'authenticated', aud: 'authenticated', email: applicant.email, exp: Math.floor(Date.now() / 1000) + 600 };
    const forged = await signJwt(claims, 'another-secret-that-is-at-least-32-chars');
    expect((await exportAs({ authorization: `Bearer ${forged}` })).status).toBe(401);
  });

  test('naming another account in the body: the caller’s own data, never the other’s', async () => {
    const other = await backend.confirmedUser(uniqueEmail('other'));
    const answer = await exportAs({ authorization: `Bearer ${await tokenOf(other.client)}` }, { user_id: applicant.userId, email: applicant.email });
    expect(answer.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(answer.bytes)['data.json']!)) as { account: { id: string }; applications: unknown[]; documents: unknown[] };
    expect(data.account.id).toBe(other.userId);
    expect(data.applications).toEqual([]);
    expect(data.documents).toEqual([]);
  });

  test('an unverified address reads nothing typed under it', async () => {
    const email = uniqueEmail('unverified');
    const signup = await backend.client().auth.signUp({ email, password: 'unverified-password-1' });
    expect(signup.error).toBeNull();
    // Confirmation off for this one account: sign in as it without proving the address.
    await backend.db.query('update auth.users set email_confirmed_at = null where id = $1', [signup.data.user!.id]);
    const message = await backend.client().from('contact_messages').insert({ name: 'Planted', email, subject: 'x', phone: '+234 800 000 0003', message: 'planted', page: '/contact1' });
    expect(message.error).toBeNull();
    // An access token for the unverified account, issued the way the backend's sign-in would.
    await backend.db.query('update auth.users set email_confirmed_at = now() where id = $1', [signup.data.user!.id]);
    const client = backend.client();
    const session = await client.auth.signInWithPassword({ email, password: 'unverified-password-1' });
    expect(session.error).toBeNull();
    await backend.db.query('update auth.users set email_confirmed_at = null where id = $1', [signup.data.user!.id]);
    const answer = await exportAs({ authorization: `Bearer ${session.data.session!.access_token}` });
    expect(answer.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(answer.bytes)['data.json']!)) as { messages: unknown[] };
    expect(data.messages).toEqual([]);
  });

  test('GET is 405, a preflight is answered for any origin', async () => {
    const get = await fetch(`${backend.url}/functions/v1/export-my-data`, { headers: { authorization: `Bearer ${applicant.token}` } });
    expect(get.status).toBe(405);
    const preflight = await fetch(`${backend.url}/functions/v1/export-my-data`, { method: 'OPTIONS', headers: { origin: 'https://www.bridgewayvisa.com', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();
  });
});
