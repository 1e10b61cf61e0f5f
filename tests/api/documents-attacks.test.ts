// Attacks on applicants' documents (someone else's files, forged paths and types, too many or too
// large files), against the real application-documents bucket and its policies
// (supabase/migrations/20261122000900_documents.sql),
// through the embedded backend with raw HTTP (uploads as src/lib/documents/upload.ts sends them)
// and storage-js (everything else). Each answers 4xx in hosted Storage's shape with a message
// that says what is wrong, never 5xx, and stores nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM, MAX_DOCUMENT_BYTES } from '../../src/lib/document-rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { LOCAL_JWT_SECRET } from '../../supabase/local/config.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { rawRequest, sample, type RawAnswer } from './storage-support.ts';
import { application, startBackend, uniqueEmail, type TestBackend } from './support.ts';

interface Applicant {
  client: SupabaseClient;
  userId: string;
  token: string;
  /** An application of theirs, submitted (open for documents). */
  applicationId: string;
}

let backend: TestBackend;
let applicant: Applicant;
let other: Applicant;

async function newApplicant(label: string): Promise<Applicant> {
  const { client, userId } = await backend.confirmedUser(uniqueEmail(label));
  const token = (await client.auth.getSession()).data.session!.access_token;
  return { client, userId, token, applicationId: await newApplication(client) };
}

async function newApplication(client: SupabaseClient): Promise<string> {
  const { data, error } = await client.from('visa_applications').insert(application('Ada Obi')).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}

beforeAll(async () => {
  backend = await startBackend();
  applicant = await newApplicant('applicant');
  other = await newApplicant('other');
});
afterAll(() => backend?.close());

/** How many objects the documents bucket holds. */
async function stored(): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1`, [DOCUMENTS_BUCKET]);
  return rows[0]!.n;
}

const headers = (token: string, type: string) => ({
  apikey: backend.anonKey,
  authorization: `Bearer ${token}`,
  'content-type': type,
  'x-upsert': 'false',
});

/** An upload as the browser sends it (upload.ts): the file as the body, its path exactly as given. */
function upload(path: string, body: Buffer, type = 'application/pdf', token = applicant.token): Promise<RawAnswer> {
  return rawRequest(backend.url, 'POST', `/storage/v1/object/${DOCUMENTS_BUCKET}/${path}`, headers(token, type), body);
}

/** Sends an upload that must be refused; checks that nothing was stored and returns the answer's body. */
async function refused(send: () => Promise<RawAnswer>): Promise<Record<string, unknown>> {
  const before = await stored();
  const { status, body } = await send();
  expect(status).toBe(400);
  expect(body).toMatchObject({ statusCode: expect.stringMatching(/^4\d\d$/), message: expect.any(String) });
  expect(await stored()).toBe(before);
  return body;
}

const POLICY = { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' };
const mine = (file: string, who = applicant, item = 'passport') => documentPath(who.userId, who.applicationId, item, file);

describe('names: another folder, path tricks, hostile and long names', () => {
  test("another applicant's folder, and the applicant's own folder with another's application: 403", async () => {
    expect(await refused(() => upload(mine('x.pdf', other), sample('pdf')))).toMatchObject(POLICY);
    expect(await refused(() => upload(`${applicant.userId}/${other.applicationId}/passport/x.pdf`, sample('pdf')))).toMatchObject(POLICY);
  });

  test.each([
    ['a .. segment', () => `${applicant.userId}/../${other.userId}/${other.applicationId}/passport/x.pdf`],
    ['a percent-encoded ..', () => `${applicant.userId}/${applicant.applicationId}/%2e%2e/%2e%2e/${other.userId}/x.pdf`],
    ['a .. item key', () => `${applicant.userId}/${applicant.applicationId}/../x.pdf`],
    ['an absolute path', () => `/etc/passwd`],
    ['a NUL byte', () => `${mine('x')}%00.pdf`],
    ['a NUL byte in the item key', () => `${applicant.userId}/${applicant.applicationId}/pass%00port/x.pdf`],
    ['a name of 1,000 characters', () => `${applicant.userId}/${applicant.applicationId}/passport/${'a'.repeat(1000)}.pdf`],
    ['an item key of 1,000 characters', () => `${applicant.userId}/${applicant.applicationId}/${'a'.repeat(1000)}/x.pdf`],
  ])('%s: 400 Invalid key', async (_label, path) => {
    expect(await refused(() => upload(path(), sample('pdf')))).toMatchObject({ statusCode: '400', error: 'InvalidKey', message: expect.stringMatching(/^Invalid key: /) });
  });

  test.each([
    ['a folder that is not an application id', () => `${applicant.userId}/not-a-uuid/passport/x.pdf`],
    ['no item folder (the shape before items had keys)', () => `${applicant.userId}/${applicant.applicationId}/x.pdf`],
    ['a fourth folder', () => `${applicant.userId}/${applicant.applicationId}/passport/sub/x.pdf`],
    ['no application folder', () => `${applicant.userId}/x.pdf`],
    ['an item key that is not a slug (capitals)', () => `${applicant.userId}/${applicant.applicationId}/Passport/x.pdf`],
    ['an item key that is not a slug (a space)', () => `${applicant.userId}/${applicant.applicationId}/bank%20statements/x.pdf`],
    ['an item key of 41 characters', () => `${applicant.userId}/${applicant.applicationId}/${'a'.repeat(41)}/x.pdf`],
    ['a file name of 880 characters (within the key limit, over the file name limit)', () => `${applicant.userId}/${applicant.applicationId}/passport/${'a'.repeat(870)}.pdf`],
    ['a file name that is hidden', () => `${applicant.userId}/${applicant.applicationId}/passport/.hidden.pdf`],
  ])('%s reaches the policy and is refused, not an error: 403', async (_label, path) => {
    expect(await refused(() => upload(path(), sample('pdf')))).toMatchObject(POLICY);
  });
});

describe('tokens and signed URLs', () => {
  test('an upload without a token (the anon key): 403', async () => {
    expect(await refused(() => upload(mine('anon.pdf'), sample('pdf'), 'application/pdf', backend.anonKey))).toMatchObject(POLICY);
  });

  test('an upload with an expired token: 403, the token refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ sub: applicant.userId, role: 'authenticated', aud: 'authenticated', iat: now - 7200, exp: now - 3600 }, LOCAL_JWT_SECRET);
    expect(await refused(() => upload(mine('late.pdf'), sample('pdf'), 'application/pdf', expired))).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: '"exp" claim timestamp check failed',
    });
  });

  test('a signed URL works until it expires, and not with its token changed', async () => {
    const name = mine('signed.pdf');
    expect((await upload(name, sample('pdf'))).status).toBe(200);
    const { data } = await applicant.client.storage.from(DOCUMENTS_BUCKET).createSignedUrl(name, 60);
    expect((await fetch(data!.signedUrl)).status).toBe(200);

    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    url.searchParams.set('token', token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'));
    const changed = await fetch(url);
    expect(changed.status).toBe(400);
    expect(await changed.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });

    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ url: `${DOCUMENTS_BUCKET}/${name}`, scope: 'download', iat: now - 120, exp: now - 60 }, LOCAL_JWT_SECRET);
    url.searchParams.set('token', expired);
    const late = await fetch(url);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  test("another applicant can neither read, list, sign nor remove the applicant's documents", async () => {
    const name = mine('private.pdf');
    expect((await upload(name, sample('pdf'))).status).toBe(200);
    const storage = other.client.storage.from(DOCUMENTS_BUCKET);
    expect((await storage.download(name)).error).toMatchObject({ statusCode: '404' });
    expect((await storage.createSignedUrl(name, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await storage.list(`${applicant.userId}/${applicant.applicationId}`)).data).toEqual([]);
    expect((await storage.list(`${applicant.userId}/${applicant.applicationId}/passport`)).data).toEqual([]);
    expect((await storage.remove([name])).data).toEqual([]);
    expect((await backend.client().storage.from(DOCUMENTS_BUCKET).download(name)).error).not.toBeNull();
    expect((await applicant.client.storage.from(DOCUMENTS_BUCKET).download(name)).error).toBeNull();
  });
});

describe('the file: size and content', () => {
  test('over 10 MB with its true Content-Length: 413, refused before the body is read', async () => {
    expect(await refused(() => upload(mine('big.pdf'), sample('pdf', MAX_DOCUMENT_BYTES + 1)))).toMatchObject({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  test('over 10 MB streamed without a Content-Length: 413 once the limit passes', async () => {
    const before = await stored();
    const { status, body } = await new Promise<RawAnswer>((resolve, reject) => {
      const { hostname, port } = new URL(backend.url);
      const req = request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: `/storage/v1/object/${DOCUMENTS_BUCKET}/${mine('streamed.pdf')}`,
          headers: { ...headers(applicant.token, 'application/pdf'), 'transfer-encoding': 'chunked' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
        },
      );
      req.on('error', reject);
      req.end(sample('pdf', MAX_DOCUMENT_BYTES + 64 * 1024));
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '413', error: 'Payload too large' });
    expect(await stored()).toBe(before);
  });

  test('a lying Content-Length (a small one beside a chunked body): 400, nothing stored', async () => {
    const before = await stored();
    const { hostname, port } = new URL(backend.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        const head = Object.entries({ ...headers(applicant.token, 'application/pdf'), host: `${hostname}:${port}`, 'content-length': '1024', 'transfer-encoding': 'chunked' })
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n');
        socket.write(`POST /storage/v1/object/${DOCUMENTS_BUCKET}/${mine('lying.pdf')} HTTP/1.1\r\n${head}\r\n\r\n`);
        const body = sample('pdf', MAX_DOCUMENT_BYTES + 1);
        socket.end(`${body.length.toString(16)}\r\n${body.toString('latin1')}\r\n0\r\n\r\n`, 'latin1');
      });
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(text) : reject(error)));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(await stored()).toBe(before);
  });

  test.each([
    ['a PNG renamed to PDF', 'png', 'application/pdf', "The file's content does not match its declared type application/pdf"],
    ['an HTML page with a script, declared as a PDF', 'html', 'application/pdf', "The file's content does not match its declared type application/pdf"],
    ['an SVG with a script, declared as a PNG', 'svg', 'image/png', "The file's content does not match its declared type image/png"],
    ['an HTML page with a script, as HTML', 'html', 'text/html', 'mime type text/html is not supported'],
    ['an SVG with a script, as SVG', 'svg', 'image/svg+xml', 'mime type image/svg+xml is not supported'],
  ] as const)('%s: 415', async (_label, kind, type, message) => {
    expect(await refused(() => upload(mine(`sniffed-${kind}`), sample(kind), type))).toMatchObject({ statusCode: '415', message });
  });
});

describe('the application: its limits, its status', () => {
  test(`a file past an item's ${MAX_DOCUMENTS_PER_ITEM}: 403, the item keeps ${MAX_DOCUMENTS_PER_ITEM}, another item takes one`, async () => {
    const client = applicant.client;
    const applicationId = await newApplication(client);
    const path = (n: number, item = 'bank-statements') => documentPath(applicant.userId, applicationId, item, `month-${n}.pdf`);
    for (let n = 1; n <= MAX_DOCUMENTS_PER_ITEM; n++) expect((await upload(path(n), sample('pdf'))).status, `file ${n}`).toBe(200);
    expect(await refused(() => upload(path(MAX_DOCUMENTS_PER_ITEM + 1), sample('pdf')))).toMatchObject(POLICY);
    expect((await client.storage.from(DOCUMENTS_BUCKET).list(`${applicant.userId}/${applicationId}/bank-statements`)).data).toHaveLength(MAX_DOCUMENTS_PER_ITEM);
    expect((await upload(path(1, 'passport'), sample('pdf'))).status).toBe(200);
  });

  test(`a file past an application's ${MAX_DOCUMENTS_PER_APPLICATION}: 403, the application keeps ${MAX_DOCUMENTS_PER_APPLICATION}`, async () => {
    const applicationId = await newApplication(applicant.client);
    const path = (n: number) => documentPath(applicant.userId, applicationId, `item-${Math.ceil(n / MAX_DOCUMENTS_PER_ITEM)}`, `page-${n}.pdf`);
    for (let n = 1; n <= MAX_DOCUMENTS_PER_APPLICATION; n++) expect((await upload(path(n), sample('pdf'))).status, `file ${n}`).toBe(200);
    expect(await refused(() => upload(documentPath(applicant.userId, applicationId, 'other', 'one-more.pdf'), sample('pdf')))).toMatchObject(POLICY);
    const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where name like $1`, [`${applicant.userId}/${applicationId}/%`]);
    expect(rows[0]!.n).toBe(MAX_DOCUMENTS_PER_APPLICATION);
  });

  test('a decided application takes no file and gives none up, but its documents stay readable', async () => {
    const applicationId = await newApplication(applicant.client);
    const kept = documentPath(applicant.userId, applicationId, 'passport', 'kept.pdf');
    expect((await upload(kept, sample('pdf'))).status).toBe(200);
    await backend.db.query(`update public.visa_applications set status = 'approved' where id = $1`, [applicationId]);
    expect(await refused(() => upload(documentPath(applicant.userId, applicationId, 'passport', 'late.pdf'), sample('pdf')))).toMatchObject(POLICY);
    const storage = applicant.client.storage.from(DOCUMENTS_BUCKET);
    expect((await storage.remove([kept])).data).toEqual([]);
    expect((await storage.download(kept)).error).toBeNull();
  });

  test('an upsert over an existing document is refused: replacing is removing, then uploading', async () => {
    const name = mine('replace.pdf');
    expect((await upload(name, sample('pdf'))).status).toBe(200);
    const body = await refused(() =>
      rawRequest(backend.url, 'POST', `/storage/v1/object/${DOCUMENTS_BUCKET}/${name}`, { ...headers(applicant.token, 'application/pdf'), 'x-upsert': 'true' }, sample('pdf', 100)),
    );
    // Hosted refuses the ON CONFLICT update (no update policy: 403); this server, whose upsert
    // cannot lock a row no update policy opens, tries an insert and answers 409. Either way the
    // document is unchanged.
    expect(body).toMatchObject({ statusCode: expect.stringMatching(/^40[39]$/) });
    const storage = applicant.client.storage.from(DOCUMENTS_BUCKET);
    expect((await storage.download(name)).data!.size).toBe(sample('pdf').length);
    expect((await storage.remove([name])).data).toHaveLength(1);
    expect((await upload(name, sample('pdf', 100))).status).toBe(200);
  });
});

describe('double clicks and broken connections', () => {
  test('the same upload twice: the second answers 409 Duplicate, the file is stored once', async () => {
    const name = mine('twice.pdf');
    expect((await upload(name, sample('pdf'))).status).toBe(200);
    expect(await refused(() => upload(name, sample('pdf')))).toMatchObject({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
  });

  test('a double click (both at once): one stored, the other 409 Duplicate', async () => {
    const name = mine('double-click.pdf');
    const before = await stored();
    const answers = await Promise.all([upload(name, sample('pdf')), upload(name, sample('pdf'))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body).toMatchObject({ statusCode: '409', error: 'Duplicate' });
    expect(await stored()).toBe(before + 1);
  });

  test('the network cut mid-upload: nothing stored, and the same upload then works', async () => {
    const name = mine('cut.pdf');
    const before = await stored();
    const { hostname, port } = new URL(backend.url);
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: `/storage/v1/object/${DOCUMENTS_BUCKET}/${name}`,
      headers: { ...headers(applicant.token, 'application/pdf'), 'content-length': String(MAX_DOCUMENT_BYTES) },
    });
    const closed = new Promise<void>((resolve) => req.on('close', resolve));
    req.on('error', () => {});
    await new Promise<void>((resolve) => req.write(sample('pdf', 256 * 1024), () => resolve()));
    req.destroy();
    await closed;
    expect(await stored()).toBe(before);
    expect((await upload(name, sample('pdf'))).status).toBe(200);
    expect(await stored()).toBe(before + 1);
  });
});

// Hosted Storage writes an upload's real row with its superuser, after the caller's trial and the
// body, so no policy checks it; the embedded backend does the same. These uploads pass their trial,
// then the application changes while the body is on its way: the trigger on storage.objects
// refuses the real write. The backend keeps its bytes on disk here, so the temporary file of a
// body being received, made only once the trial passed, is the signal to act on.
describe('the real write, after the trial, meets the trigger', () => {
  let disk: TestBackend;
  let dir: string;
  let writer: Applicant;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'documents-'));
    disk = await startBackend({ storageDir: dir });
    const { client, userId } = await disk.confirmedUser(uniqueEmail('slow'));
    const token = (await client.auth.getSession()).data.session!.access_token;
    writer = { client, userId, token, applicationId: '' };
  });
  afterAll(async () => {
    await disk?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts an upload of a PDF to name; resolves once its trial passed and its body is awaited, with a function that sends the body. */
  async function started(name: string): Promise<() => Promise<RawAnswer>> {
    const incoming = join(dir, 'incoming');
    const before = new Set(await readdir(incoming).catch(() => []));
    const { hostname, port } = new URL(disk.url);
    const file = sample('pdf');
    const req = request({
      host: hostname,
      port,
      method: 'POST',
      path: `/storage/v1/object/${DOCUMENTS_BUCKET}/${name}`,
      headers: { ...headers(writer.token, 'application/pdf'), apikey: disk.anonKey, 'content-length': String(file.length) },
    });
    const answer = new Promise<RawAnswer>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
      });
    });
    req.flushHeaders();
    for (;;) {
      const now = await readdir(incoming).catch(() => []);
      if (now.some((entry) => !before.has(entry))) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return () => {
      req.end(file);
      return answer;
    };
  }

  const objects = async (applicationId: string) =>
    (await disk.db.query<{ name: string }>(`select name from storage.objects where name like $1 order by name`, [`${writer.userId}/${applicationId}/%`])).rows.map((row) => row.name);

  test('an application decided while its file uploads: 403, nothing stored, no bytes kept', async () => {
    const applicationId = await newApplication(writer.client);
    const send = await started(documentPath(writer.userId, applicationId, 'passport', 'slow.pdf'));
    await disk.db.query(`update public.visa_applications set status = 'approved' where id = $1`, [applicationId]);
    expect(await send()).toEqual({
      status: 400,
      body: expect.objectContaining({ statusCode: '403', error: 'Unauthorized', message: 'Documents are added only to an application that is submitted or in review.' }),
    });
    expect(await objects(applicationId)).toEqual([]);
    expect(await readdir(join(dir, 'objects'))).toEqual([]);
  });

  test("an item's last slot taken while a file uploads: the one past it is refused at its real write, the item keeps its files", async () => {
    const applicationId = await newApplication(writer.client);
    const path = (n: number) => documentPath(writer.userId, applicationId, 'bank-statements', `month-${n}.pdf`);
    const send = (name: string) => rawRequest(disk.url, 'POST', `/storage/v1/object/${DOCUMENTS_BUCKET}/${name}`, { ...headers(writer.token, 'application/pdf'), apikey: disk.anonKey }, sample('pdf'));
    for (let n = 1; n < MAX_DOCUMENTS_PER_ITEM; n++) expect((await send(path(n))).status, `file ${n}`).toBe(200);
    const slow = await started(path(MAX_DOCUMENTS_PER_ITEM + 1));
    expect((await send(path(MAX_DOCUMENTS_PER_ITEM))).status).toBe(200);
    expect(await slow()).toEqual({
      status: 400,
      body: expect.objectContaining({ statusCode: '403', error: 'Unauthorized', message: `A document of the checklist holds at most ${MAX_DOCUMENTS_PER_ITEM} files.` }),
    });
    expect(await objects(applicationId)).toHaveLength(MAX_DOCUMENTS_PER_ITEM);
  });

  test('the last item of a request arriving tells staff once, whoever sends it, at the real write', async () => {
    const applicationId = await newApplication(writer.client);
    await disk.db.query(`insert into public.document_requests (application_id, items) values ($1, '[{"key":"passport","label":"Passport bio page"}]')`, [applicationId]);
    await disk.db.query(`update public.visa_applications set awaiting_documents = true where id = $1`, [applicationId]);
    const send = (name: string) => rawRequest(disk.url, 'POST', `/storage/v1/object/${DOCUMENTS_BUCKET}/${name}`, { ...headers(writer.token, 'application/pdf'), apikey: disk.anonKey }, sample('pdf'));
    const answers = await Promise.all(['page-1.pdf', 'page-2.pdf'].map((file) => send(documentPath(writer.userId, applicationId, 'passport', file))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { rows } = await disk.db.query<{ n: number; awaiting: boolean }>(
      `select (select count(*)::int from public.notifications where subject_id = a.id and kind = 'staff_documents_provided') as n, a.awaiting_documents as awaiting
       from public.visa_applications a where a.id = $1`,
      [applicationId],
    );
    expect(rows).toEqual([{ n: 1, awaiting: false }]);
  });
});
