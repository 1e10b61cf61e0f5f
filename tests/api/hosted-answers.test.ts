// The embedded backend answers the refusals the browser explains exactly as hosted Supabase does
// (tests/support/hosted-errors.ts, pinned from Storage's, PostgREST's and GoTrue's source): the
// same status and the same body, so the browser's mapping (src/lib/forms/errors.ts), tested with
// those bodies, holds here too. Then Storage's routes: every route hosted has and this backend does
// not implement answers hosted's 404 "Route … not found", before any token is read, and a bucket
// named like a route prefix is reached only where hosted reaches it; timestamps in hosted's form.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM } from '../../src/lib/document-rules.ts';
import { isoTimestamp } from '../../supabase/local/storage/timestamps.ts';
import { GOTRUE, POSTGREST, STORAGE } from '../support/hosted-errors.ts';
import { rawRequest, sample } from './storage-support.ts';
import { application, authFetch, startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let applicant: { client: SupabaseClient; userId: string; token: string };

async function newApplication(status = 'submitted'): Promise<string> {
  const { data, error } = await applicant.client.from('visa_applications').insert(application('Ada Obi')).select('id').single();
  if (error) throw error;
  const id = (data as { id: string }).id;
  if (status !== 'submitted') await backend.db.query(`update public.visa_applications set status = $2 where id = $1`, [id, status]);
  return id;
}

const auth = (token = applicant.token) => ({ apikey: backend.anonKey, authorization: `Bearer ${token}` });
const service = () => ({ apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` });

/** A raw upload as src/lib/documents/upload.ts sends it. */
const upload = (bucket: string, name: string, body: Buffer = sample('pdf'), type = 'application/pdf', headers = auth()) =>
  rawRequest(backend.url, 'POST', `/storage/v1/object/${bucket}/${name}`, { ...headers, 'content-type': type }, body);

/** Why the database says the applicant may not add to `applicationId` (the RPC the browser asks after a 403). */
const why = async (applicationId: string, item?: string) =>
  (await applicant.client.rpc('document_refusal', { application_id: applicationId, ...(item ? { item } : {}) })).data as string | null;

beforeAll(async () => {
  backend = await startBackend();
  const { client, userId } = await backend.confirmedUser(uniqueEmail('applicant'));
  applicant = { client, userId, token: (await client.auth.getSession()).data.session!.access_token };
});
afterAll(() => backend?.close());

describe('Storage refuses a document as hosted does, and the database says why', () => {
  test('an application decided meanwhile: AccessDenied (the policy’s trial write), then decided', async () => {
    const id = await newApplication('approved');
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'passport', 'late.pdf'))).toEqual({ status: 400, body: STORAGE.accessDenied().body });
    expect(await why(id)).toBe('decided');
  });

  test('an application holding all its documents: AccessDenied, then full', async () => {
    const id = await newApplication();
    const item = (n: number) => `item-${Math.ceil(n / MAX_DOCUMENTS_PER_ITEM)}`;
    for (let n = 1; n <= MAX_DOCUMENTS_PER_APPLICATION; n++) expect((await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, item(n), `p${n}.pdf`))).status).toBe(200);
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'other', 'one-more.pdf'))).toEqual({ status: 400, body: STORAGE.accessDenied().body });
    expect(await why(id)).toBe('full');
  });

  test('an item holding all its files: AccessDenied, then item_full for that item only', async () => {
    const id = await newApplication();
    for (let n = 1; n <= MAX_DOCUMENTS_PER_ITEM; n++) expect((await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'bank-statements', `m${n}.pdf`))).status).toBe(200);
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'bank-statements', 'one-more.pdf'))).toEqual({ status: 400, body: STORAGE.accessDenied().body });
    expect(await why(id, 'bank-statements')).toBe('item_full');
    expect(await why(id, 'passport')).toBeNull();
  });

  test('an application deleted meanwhile: AccessDenied, then not_theirs', async () => {
    const id = await newApplication();
    await backend.db.query(`delete from public.visa_applications where id = $1`, [id]);
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'passport', 'late.pdf'))).toEqual({ status: 400, body: STORAGE.accessDenied().body });
    expect(await why(id)).toBe('not_theirs');
  });

  test('the same name twice: KeyAlreadyExists', async () => {
    const id = await newApplication();
    const name = documentPath(applicant.userId, id, 'passport', 'twice.pdf');
    expect((await upload(DOCUMENTS_BUCKET, name)).status).toBe(200);
    expect(await upload(DOCUMENTS_BUCKET, name)).toEqual({ status: 400, body: STORAGE.keyAlreadyExists().body });
  });

  test('a type the bucket refuses: InvalidMimeType, answered before the policies', async () => {
    const id = await newApplication('approved');
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'passport', 'page.html'), Buffer.from('<p>hi</p>'), 'text/html')).toEqual({
      status: 400,
      body: STORAGE.invalidMimeType('text/html').body,
    });
  });

  test('over the size limit: EntityTooLarge', async () => {
    const id = await newApplication();
    const answer = await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'passport', 'big.pdf'), sample('pdf', 10 * 1024 * 1024 + 1));
    expect(answer).toEqual({ status: 400, body: STORAGE.entityTooLarge().body });
  });

  test('an expired token: AccessDenied with jose’s words', async () => {
    const { signJwt } = await import('../../supabase/local/jwt.ts');
    const { LOCAL_JWT_SECRET } = await import('../../supabase/local/config.ts');
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ sub: applicant.userId, role: 'authenticated', aud: 'authenticated', iat: now - 7200, exp: now - 3600 }, LOCAL_JWT_SECRET);
    const id = await newApplication();
    expect(await upload(DOCUMENTS_BUCKET, documentPath(applicant.userId, id, 'passport', 'x.pdf'), sample('pdf'), 'application/pdf', auth(expired))).toEqual({
      status: 400,
      body: STORAGE.expiredToken().body,
    });
  });
});

describe('a trigger’s refusal at an upload’s real write (Storage’s superuser, after the trial passed)', () => {
  beforeAll(async () => {
    // A test bucket whose trigger refuses only the server's write (no role set), as a document
    // decided between the trial and the real write is refused: with 42501, or with another code.
    await backend.db.exec(`
      insert into storage.buckets (id, name) values ('trigger-box', 'trigger-box');
      create policy "test: anyone signed in uploads to trigger-box" on storage.objects for insert to authenticated with check (bucket_id = 'trigger-box');
      create function public.test_refuse_real_write() returns trigger language plpgsql as $$
      begin
        if new.bucket_id = 'trigger-box' and current_setting('role') = 'none' then
          if new.name like 'denied/%' then raise exception 'Refused at the real write.' using errcode = '42501'; end if;
          if new.name like 'raised/%' then raise exception 'Refused with the default code.'; end if;
        end if;
        return null;
      end $$;
      create trigger test_refuse_real_write after insert on storage.objects for each row execute function public.test_refuse_real_write();
    `);
  });

  test('42501 is AccessDenied with the trigger’s own message', async () => {
    expect(await upload('trigger-box', 'denied/x.pdf')).toEqual({ status: 400, body: STORAGE.accessDenied('Refused at the real write.').body });
  });

  test('any other SQLSTATE is hosted’s 500 database error, naming the code and nothing else', async () => {
    expect(await upload('trigger-box', 'raised/x.pdf')).toEqual({ status: 500, body: STORAGE.databaseError('P0001').body });
  });
});

describe('PostgREST and GoTrue refuse as hosted does', () => {
  test('a booking date in the past: 400 RF001', async () => {
    const res = await fetch(`${backend.url}/rest/v1/bookings`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Amara Eze', phone: '+234 809 000 0000', email: uniqueEmail('past'), country: 'Nigeria', date: '2001-01-01', time: '10:00' }),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: POSTGREST.bookingDateInPast().body });
  });

  test('a booking on a day with no open time (a Sunday): 400 RF007', async () => {
    const sunday = new Date(Date.now() + 7 * 86_400_000);
    sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
    const res = await fetch(`${backend.url}/rest/v1/bookings`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Amara Eze', phone: '+234 809 000 0000', email: uniqueEmail('sunday'), country: 'Nigeria', date: sunday.toISOString().slice(0, 10), time: '10:00' }),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: POSTGREST.bookingDateClosed().body });
  });

  test('a future date of birth: 400 RF002', async () => {
    const res = await fetch(`${backend.url}/rest/v1/visa_applications`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(application('Ada Obi', { dob: '2999-01-01' })),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: POSTGREST.birthDateInFuture().body });
  });

  test('wrong credentials, a short password, the same password: GoTrue’s bodies and codes', async () => {
    const email = uniqueEmail('auth');
    const wrong = await authFetch(backend, 'token?grant_type=password', { body: { email, password: 'not the one' } });
    expect({ status: wrong.status, body: wrong.body, code: wrong.headers.get('x-sb-error-code') }).toEqual({
      status: GOTRUE.invalidCredentials().status,
      body: GOTRUE.invalidCredentials().body,
      code: 'invalid_credentials',
    });
    const short = await authFetch(backend, 'signup', { body: { email, password: 'short' } });
    const weak = GOTRUE.weakPassword(['length'], 'Password should be at least 8 characters.');
    expect({ status: short.status, body: short.body }).toEqual({ status: weak.status, body: weak.body });
    const same = await authFetch(backend, 'user', { method: 'PUT', body: { password: 'correct-horse-battery' }, headers: auth() });
    expect({ status: same.status, body: same.body }).toEqual({ status: GOTRUE.samePassword().status, body: GOTRUE.samePassword().body });
  });
});

describe('Storage’s routes are hosted’s', () => {
  test.each([
    ['move', 'POST', '/object/move'],
    ['copy', 'POST', '/object/copy'],
    ['list-v2', 'POST', '/object/list-v2/application-documents'],
    ['a signed upload URL', 'POST', '/object/upload/sign/application-documents/a/b.pdf'],
    ['an upload to a signed upload URL', 'PUT', '/object/upload/sign/application-documents/a/b.pdf?token=x'],
    ['createSignedUrls', 'POST', '/object/sign/application-documents'],
    ['one object’s delete', 'DELETE', '/object/application-documents/a/b.pdf'],
    ['a bucket’s creation', 'POST', '/bucket'],
    ['a bucket’s change', 'PUT', '/bucket/application-documents'],
    ['a bucket’s deletion', 'DELETE', '/bucket/application-documents'],
    ['a bucket’s emptying', 'POST', '/bucket/application-documents/empty'],
    ['an object path with no name', 'POST', '/object/application-documents'],
  ])('%s: hosted’s 404 for a route it does not know, whatever the token', async (_label, method, target) => {
    for (const headers of [auth(), { ...auth('not.a.token') }, {}]) {
      const answer = await rawRequest(backend.url, method, `/storage/v1${target}`, { ...headers, 'content-type': 'application/json' }, '{}');
      expect(answer).toEqual({ status: 404, body: STORAGE.routeNotFound(method, target).body });
    }
  });

  test('outside hosted’s REST prefixes, Fastify’s own 404', async () => {
    expect(await rawRequest(backend.url, 'GET', '/storage/v1/nothing/here?x=1', {})).toEqual({
      status: 404,
      body: STORAGE.fastifyNotFound('GET', '/nothing/here?x=1').body,
    });
  });

  describe('buckets named like route prefixes', () => {
    beforeAll(async () => {
      await backend.db.exec(`
        insert into storage.buckets (id, name) values ('info', 'info'), ('upload', 'upload'), ('sign', 'sign'), ('move', 'move'), ('list', 'list');
        create policy "test: prefix buckets, all signed in" on storage.objects for all to authenticated
          using (bucket_id in ('info', 'upload', 'sign', 'move', 'list')) with check (bucket_id in ('info', 'upload', 'sign', 'move', 'list'));
      `);
      for (const bucket of ['info', 'upload', 'move', 'list']) {
        expect((await upload(bucket, 'a/b.pdf')).status, bucket).toBe(200);
      }
      // Nothing is uploaded into a bucket named "sign" with POST on hosted either: /object/sign/… is
      // always a signed URL's route. Its object is written as an operator would.
      await backend.db.query(
        `insert into storage.objects (bucket_id, name, metadata) values ('sign', 'a/b.pdf', '{"size": 2048, "mimetype": "application/pdf"}')`,
      );
    });

    const objects = async () => (await backend.db.query<{ key: string }>(`select bucket_id || '/' || name as key from storage.objects where bucket_id in ('info', 'upload', 'sign', 'move', 'list') order by 1`)).rows.map((row) => row.key);

    test('are never read or written through the route their name shadows', async () => {
      // GET /object/info/a/b.pdf is the info of object b.pdf in bucket "a", not a download from bucket "info".
      expect(await rawRequest(backend.url, 'GET', '/storage/v1/object/info/a/b.pdf', auth())).toEqual({
        status: 400,
        body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
      });
      // POST /object/upload/sign/… asks for a signed upload URL (not implemented), never an upload into bucket "upload".
      expect((await upload('upload', 'sign/a/c.pdf')).status).toBe(404);
      // POST /object/sign/a/b.pdf signs object b.pdf of bucket "a" (not found), never an upload
      // into bucket "sign"; POST /object/sign/a is createSignedUrls for bucket "a"; POST /object/move is a move.
      expect((await upload('sign', 'a/c.pdf')).body).toMatchObject({ statusCode: '400', code: 'InvalidRequest', message: expect.stringMatching(/^Body is not valid JSON/) });
      expect((await rawRequest(backend.url, 'POST', '/storage/v1/object/sign/a', { ...auth(), 'content-type': 'application/json' }, '{}')).status).toBe(404);
      expect((await rawRequest(backend.url, 'POST', '/storage/v1/object/move', { ...auth(), 'content-type': 'application/json' }, '{}')).status).toBe(404);
      // POST /object/list/a lists bucket "a" (which holds nothing), never an upload into bucket "list".
      expect((await rawRequest(backend.url, 'POST', '/storage/v1/object/list/a', { ...auth(), 'content-type': 'application/json' }, '{}')).body).toEqual([]);
      expect(await objects()).toEqual(['info/a/b.pdf', 'list/a/b.pdf', 'move/a/b.pdf', 'sign/a/b.pdf', 'upload/a/b.pdf']);
    });

    test('are reached where hosted reaches them: after a static prefix of their own', async () => {
      for (const bucket of ['info', 'upload', 'sign', 'move', 'list']) {
        if (bucket !== 'sign') {
          const read = await fetch(`${backend.url}/storage/v1/object/authenticated/${bucket}/a/b.pdf`, { headers: auth() });
          expect(read.status, bucket).toBe(200);
        }
        const info = await rawRequest(backend.url, 'GET', `/storage/v1/object/info/${bucket}/a/b.pdf`, auth());
        expect(info.body, bucket).toMatchObject({ name: 'a/b.pdf', bucket_id: bucket, size: 2048, content_type: 'application/pdf' });
      }
    });
  });
});

describe('Storage writes timestamps as hosted does', () => {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

  test('in a list, an object’s info, a bucket, the bucket list and a removal’s answer', async () => {
    const id = await newApplication();
    const name = documentPath(applicant.userId, id, 'passport', 'dated.pdf');
    expect((await upload(DOCUMENTS_BUCKET, name)).status).toBe(200);
    const docs = applicant.client.storage.from(DOCUMENTS_BUCKET);

    const listed = await docs.list(`${applicant.userId}/${id}/passport`);
    expect(listed.data![0]).toMatchObject({ name: 'dated.pdf', created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO), last_accessed_at: expect.stringMatching(ISO) });

    const info = await rawRequest(backend.url, 'GET', `/storage/v1/object/info/${DOCUMENTS_BUCKET}/${name}`, auth());
    expect(info.body).toMatchObject({ last_modified: expect.stringMatching(ISO), created_at: expect.stringMatching(ISO) });

    const bucket = await rawRequest(backend.url, 'GET', `/storage/v1/bucket/${DOCUMENTS_BUCKET}`, service());
    expect(bucket.body).toMatchObject({ created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) });
    const buckets = await rawRequest(backend.url, 'GET', '/storage/v1/bucket', service());
    for (const row of buckets.body as unknown as { created_at: string; updated_at: string }[]) {
      expect(row).toMatchObject({ created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) });
    }

    const removed = await docs.remove([name]);
    expect(removed.data![0]).toMatchObject({ name, created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) });
  });

  test('cut to milliseconds in UTC, as JavaScript’s Date writes what node-pg reads', async () => {
    const { rows } = await backend.db.query<{ shown: string }>(`select ${isoTimestamp(`timestamptz '2021-02-17 05:43:32.770999+01'`)} as shown`);
    expect(rows[0]!.shown).toBe(new Date(Date.UTC(2021, 1, 17, 4, 43, 32, 770.999)).toISOString());
    expect(rows[0]!.shown).toBe('2021-02-17T04:43:32.770Z');
  });
});

describe('storage-js’s exists() and info()', () => {
  test('find a stored document and miss an absent one', async () => {
    const id = await newApplication();
    const name = documentPath(applicant.userId, id, 'passport', 'here.pdf');
    expect((await upload(DOCUMENTS_BUCKET, name)).status).toBe(200);
    const docs = applicant.client.storage.from(DOCUMENTS_BUCKET);
    expect(await docs.exists(name)).toEqual({ data: true, error: null });
    expect((await docs.exists(documentPath(applicant.userId, id, 'passport', 'absent.pdf'))).data).toBe(false);
    const { data } = await docs.info(name);
    expect(data).toMatchObject({ name, bucketId: DOCUMENTS_BUCKET, size: 2048, contentType: 'application/pdf' });
  });
});
