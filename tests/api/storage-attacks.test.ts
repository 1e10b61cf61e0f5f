// Hostile input to the Storage API, as an attacker would send it: path tricks, names too
// long, uploads without a token or with an expired one, files over the limit or not what they
// claim to be, forged or expired signed URLs, malformed bodies. Each answers 4xx in hosted
// Storage's shape (HTTP 400 with the meaning in `statusCode`, or 413/415 there), never 5xx,
// and stores nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_JWT_SECRET } from '../../supabase/local/config.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { createTestBuckets, DOCS, DOCS_LIMIT, objectCount, OPEN, rawRequest, sample } from './storage-support.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let owner: { client: SupabaseClient; userId: string };
let token: string;

beforeAll(async () => {
  backend = await startBackend();
  await createTestBuckets(backend);
  owner = await backend.confirmedUser(uniqueEmail('target'));
  token = (await owner.client.auth.getSession()).data.session!.access_token;
  const kept = await owner.client.storage.from(DOCS).upload(`${owner.userId}/kept.pdf`, sample('pdf'), { contentType: 'application/pdf' });
  if (kept.error) throw kept.error;
});
afterAll(() => backend?.close());

const auth = (bearer = token) => ({ apikey: backend.anonKey, authorization: `Bearer ${bearer}` });

/** Sends a raw upload and checks that nothing was stored; returns the answer. */
async function rawUpload(path: string, body: Buffer, headers: Record<string, string>) {
  const before = await objectCount(backend);
  const answer = await rawRequest(backend.url, 'POST', path, { ...auth(), ...headers }, body);
  expect(await objectCount(backend)).toBe(before);
  return answer;
}

describe('path tricks answer 400 Invalid key and store nothing', () => {
  const me = () => `/storage/v1/object/${DOCS}/${owner.userId}`;
  test.each([
    ['a .. segment', () => `${me()}/../${owner.userId}/x.pdf`],
    ['a percent-encoded ..', () => `${me()}/%2e%2e/x.pdf`],
    ['an upper-case percent-encoded ..', () => `${me()}/%2E%2E/%2E%2E/etc/passwd`],
    ['a . segment', () => `${me()}/./x.pdf`],
    ['an absolute path', () => `/storage/v1/object/${DOCS}//etc/passwd`],
    ['a NUL byte', () => `${me()}/x%00.pdf`],
    ['a backslash', () => `${me()}/..%5C..%5Cx.pdf`],
    ['a doubled slash', () => `${me()}//x.pdf`],
    ['a malformed escape', () => `${me()}/x%zz.pdf`],
    ['a name of 1,000 characters', () => `${me()}/${'a'.repeat(1000)}.pdf`],
  ])('%s', async (_label, path) => {
    const { status, body } = await rawUpload(path(), sample('pdf'), { 'content-type': 'application/pdf' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '400', error: 'InvalidKey', message: expect.stringMatching(/^Invalid key: /) });
  });

  test('a name of 1,000 characters through supabase-js is refused the same way', async () => {
    const { error } = await owner.client.storage.from(DOCS).upload(`${owner.userId}/${'n'.repeat(1000)}`, sample('pdf'), { contentType: 'application/pdf' });
    expect(error).toMatchObject({ status: 400, statusCode: '400' });
  });

  test('a download with .. never reaches another object', async () => {
    const { status, body } = await rawRequest(backend.url, 'GET', `/storage/v1/object/${DOCS}/someone/../${owner.userId}/kept.pdf`, auth());
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'InvalidKey' });
  });
});

describe('tokens', () => {
  test('an upload with an expired token is refused as hosted refuses it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signJwt({ sub: owner.userId, role: 'authenticated', aud: 'authenticated', iat: now - 7200, exp: now - 3600 }, LOCAL_JWT_SECRET);
    const { status, body } = await rawUpload(`/storage/v1/object/${DOCS}/${owner.userId}/late.pdf`, sample('pdf'), {
      ...auth(expired),
      'content-type': 'application/pdf',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: '"exp" claim timestamp check failed' });
  });

  test.each([
    ['signed with another secret', async () => signJwt({ sub: 'x', role: 'authenticated' }, 'another-secret-of-at-least-32-characters!!')],
    ['not a JWT', async () => 'not-a-token'],
    ['a role no API request takes', async () => signJwt({ role: 'postgres' }, LOCAL_JWT_SECRET)],
  ])('a token %s is refused', async (_label, make) => {
    const { status, body } = await rawUpload(`/storage/v1/object/${DOCS}/${owner.userId}/forged.pdf`, sample('pdf'), {
      ...auth(await make()),
      'content-type': 'application/pdf',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
  });

  test('an upload without a token (the anon key) is refused by the policies', async () => {
    const { status, body } = await rawUpload(`/storage/v1/object/${DOCS}/${owner.userId}/anon.pdf`, sample('pdf'), {
      ...auth(backend.anonKey),
      'content-type': 'application/pdf',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy' });
  });
});

describe('signed URLs', () => {
  const objectPath = () => `/storage/v1/object/sign/${DOCS}/${owner.userId}/kept.pdf`;
  const signed = async (claims: Record<string, unknown>) => signJwt(claims, LOCAL_JWT_SECRET);

  test('after expiry: 400 InvalidJWT', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signed({ url: `${DOCS}/${owner.userId}/kept.pdf`, scope: 'download', iat: now - 120, exp: now - 60 });
    const { status, body } = await rawRequest(backend.url, 'GET', `${objectPath()}?token=${expired}`, {});
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  test('with its token changed: 400 InvalidJWT', async () => {
    const { data } = await owner.client.storage.from(DOCS).createSignedUrl(`${owner.userId}/kept.pdf`, 60);
    const url = new URL(data!.signedUrl);
    const original = url.searchParams.get('token')!;
    const [header, payload] = original.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86_400 })).toString('base64url');
    for (const forged of [`${header}.${widened}.${original.split('.')[2]}`, original.slice(0, -2) + (original.endsWith('AA') ? 'BB' : 'AA')]) {
      url.searchParams.set('token', forged);
      const res = await fetch(url);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    }
  });

  test('for another object, without scope, or without a token: 400', async () => {
    const other = await signed({ url: `${DOCS}/${owner.userId}/other.pdf`, scope: 'download', exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await rawRequest(backend.url, 'GET', `${objectPath()}?token=${other}`, {})).toMatchObject({ status: 400, body: { error: 'InvalidSignature' } });
    const upload = await signed({ url: `${DOCS}/${owner.userId}/kept.pdf`, scope: 'upload', exp: Math.floor(Date.now() / 1000) + 60 });
    expect(await rawRequest(backend.url, 'GET', `${objectPath()}?token=${upload}`, {})).toMatchObject({ status: 400, body: { error: 'InvalidSignature' } });
    expect(await rawRequest(backend.url, 'GET', `${objectPath()}?token=${token}`, {})).toMatchObject({ status: 400, body: { error: 'InvalidSignature' } });
    expect(await rawRequest(backend.url, 'GET', objectPath(), {})).toMatchObject({ status: 400, body: { statusCode: '400' } });
  });
});

describe('bucket settings and the content check', () => {
  const upload = (name: string, body: Buffer, type: string, bucket = DOCS) =>
    owner.client.storage.from(bucket).upload(`${owner.userId}/${name}`, body, { contentType: type });

  test('a file over the bucket’s limit: 413 Payload too large', async () => {
    const before = await objectCount(backend);
    const { error } = await upload('big.pdf', sample('pdf', DOCS_LIMIT + 1), 'application/pdf');
    expect(error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const asBlob = await owner.client.storage.from(DOCS).upload(`${owner.userId}/big-blob.pdf`, new Blob([new Uint8Array(sample('pdf', DOCS_LIMIT + 1))], { type: 'application/pdf' }));
    expect(asBlob.error).toMatchObject({ statusCode: '413' });
    expect(await objectCount(backend)).toBe(before);
  });

  test('a type the bucket does not allow: 415 invalid_mime_type', async () => {
    const { error } = await upload('page.html', sample('html'), 'text/html');
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' });
  });

  test.each([
    ['a PNG declared as a PDF', 'png', 'application/pdf', DOCS],
    ['a PDF declared as a PNG', 'pdf', 'image/png', DOCS],
    ['an HTML page with a script declared as a JPEG', 'html', 'image/jpeg', DOCS],
    ['an SVG with a script declared as a PNG', 'svg', 'image/png', DOCS],
    ['a JPEG declared as WebP', 'jpeg', 'image/webp', DOCS],
    ['a PNG declared as HEIC', 'png', 'image/heic', DOCS],
    ['an HTML page declared as a GIF, in a bucket without a type list', 'html', 'image/gif', OPEN],
    ['an SVG with a script, declared as SVG, in a bucket without a type list', 'svg', 'image/svg+xml', OPEN],
  ] as const)('%s is refused (415 shape, nothing stored)', async (_label, kind, type, bucket) => {
    const before = await objectCount(backend);
    const { error } = await upload(`sniffed-${kind}`, sample(kind), type, bucket);
    expect(error).toMatchObject({ status: 400, statusCode: '415', message: `The file's content does not match its declared type ${type}` });
    expect(await objectCount(backend)).toBe(before);
  });

  test.each([
    ['pdf', 'application/pdf'],
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['heic', 'image/heic'],
  ] as const)('a real %s passes', async (kind, type) => {
    expect((await upload(`real.${kind}`, sample(kind), type)).error).toBeNull();
  });
});

describe('malformed requests', () => {
  const json = (method: string, path: string, body: string) => rawRequest(backend.url, method, path, { ...auth(), 'content-type': 'application/json' }, body);
  test.each([
    ['list: an unknown sort column', 'POST', `/storage/v1/object/list/${DOCS}`, JSON.stringify({ prefix: '', sortBy: { column: 'name; drop table storage.objects', order: 'asc' } })],
    ['list: a sort order that is not asc or desc', 'POST', `/storage/v1/object/list/${DOCS}`, JSON.stringify({ prefix: '', sortBy: { column: 'name', order: 'sideways' } })],
    ['list: a negative limit', 'POST', `/storage/v1/object/list/${DOCS}`, JSON.stringify({ prefix: '', limit: -1 })],
    ['list: a prefix with NUL', 'POST', `/storage/v1/object/list/${DOCS}`, JSON.stringify({ prefix: 'a\u0000b' })],
    ['list: not JSON', 'POST', `/storage/v1/object/list/${DOCS}`, '{"prefix":'],
    ['remove: prefixes not a list', 'DELETE', `/storage/v1/object/${DOCS}`, JSON.stringify({ prefixes: 'x' })],
    ['remove: a name with ..', 'DELETE', `/storage/v1/object/${DOCS}`, JSON.stringify({ prefixes: ['../x'] })],
    ['sign: a negative expiry', 'POST', `/storage/v1/object/sign/${DOCS}/x/kept.pdf`, JSON.stringify({ expiresIn: -5 })],
    ['sign: an expiry that is not a number', 'POST', `/storage/v1/object/sign/${DOCS}/x/kept.pdf`, JSON.stringify({ expiresIn: '60' })],
    ['an unknown route', 'POST', `/storage/v1/object/nothing`, '{}'],
  ])('%s: 4xx', async (_label, method, path, body) => {
    const { status, body: answer } = await json(method, path, body);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(answer).toMatchObject({ statusCode: expect.stringMatching(/^4\d\d$/), message: expect.any(String) });
  });

  test('user metadata with a NUL character: 4xx, nothing stored', async () => {
    const metadata = Buffer.from(JSON.stringify({ note: 'a\u0000b' })).toString('base64');
    const { status } = await rawUpload(`/storage/v1/object/${DOCS}/${owner.userId}/nul-meta.pdf`, sample('pdf'), { 'content-type': 'application/pdf', 'x-metadata': metadata });
    expect(status).toBe(400);
  });
});

describe('hostile upload fields and markup (stored headers, HTML, SVG scripts)', () => {
  const path = (name: string, bucket = OPEN) => `/storage/v1/object/${bucket}/${owner.userId}/${name}`;
  /** A multipart upload with the given text fields before the file, as storage-js sends a FormData. */
  function multipart(fields: Record<string, string>, file: Buffer, fileType = 'application/pdf') {
    const boundary = 'xBoundaryx';
    const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    const body = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name=""; filename="f"\r\ncontent-type: ${fileType}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  test.each([
    ['a multipart contentType with CR/LF', { contentType: 'application/pdf\r\nset-cookie: a=b', cacheControl: '3600' }, 415],
    ['a multipart contentType without a subtype', { contentType: 'pdf', cacheControl: '3600' }, 415],
    ['a multipart contentType of 1,000 characters', { contentType: `application/${'x'.repeat(1000)}`, cacheControl: '3600' }, 415],
    ['a multipart cacheControl that is not a number', { contentType: 'application/pdf', cacheControl: '3600\r\nset-cookie: a=b' }, 400],
    ['a multipart cacheControl of words', { contentType: 'application/pdf', cacheControl: 'public' }, 400],
  ] as const)('%s: 4xx, nothing stored', async (_label, fields, statusCode) => {
    const { body, headers } = multipart(fields, sample('pdf'));
    const { status, body: answer } = await rawUpload(path('fields.pdf'), body, headers);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ statusCode: String(statusCode) });
  });

  test('a raw upload with a non-numeric cache-control header: 400 InvalidRequest, nothing stored', async () => {
    const { status, body } = await rawUpload(path('raw.pdf'), sample('pdf'), { 'content-type': 'application/pdf', 'cache-control': 'max-age=soon' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
  });

  test('storage-js’s own cacheControl, raw and multipart, is stored as max-age and served', async () => {
    const raw = await owner.client.storage.from(OPEN).upload(`${owner.userId}/cached.pdf`, sample('pdf'), { contentType: 'application/pdf; charset=binary', cacheControl: '120' });
    expect(raw.error).toBeNull();
    const blob = await owner.client.storage.from(OPEN).upload(`${owner.userId}/cached-blob.pdf`, new Blob([new Uint8Array(sample('pdf'))], { type: 'application/pdf' }), { cacheControl: '60' });
    expect(blob.error).toBeNull();
    const { rows } = await backend.db.query<{ c: string }>(`select metadata->>'cacheControl' as c from storage.objects where name = $1`, [`${owner.userId}/cached-blob.pdf`]);
    expect(rows[0]!.c).toBe('max-age=60');
    const { data, error } = await owner.client.storage.from(OPEN).download(`${owner.userId}/cached.pdf`);
    expect(error).toBeNull();
    expect(data!.size).toBe(2048);
  });

  test('an old row with a header value Node would refuse still downloads, with safe headers', async () => {
    const name = `${owner.userId}/old-row.pdf`;
    expect((await owner.client.storage.from(OPEN).upload(name, sample('pdf'), { contentType: 'application/pdf' })).error).toBeNull();
    await backend.db.query(
      `update storage.objects set metadata = metadata || '{"mimetype":"text/plain\\r\\nx: y","cacheControl":"max-age=1\\nx: y","eTag":"\\"a\\r\\""}'::jsonb where name = $1`,
      [name],
    );
    const res = await fetch(`${backend.url}/storage/v1/object/${OPEN}/${name}`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(2048);
  });

  test.each([
    ['an HTML page declared as text/html', sample('html'), 'text/html'],
    ['an XHTML page declared as application/xhtml+xml', sample('html'), 'application/xhtml+xml'],
    ['an HTML page declared as text/plain', sample('html'), 'text/plain'],
    ['an HTML page declared as application/octet-stream', Buffer.from('\n  <html><body onload="alert(1)"></body></html>'), 'application/octet-stream'],
    ['an SVG with a script after 5 KB of padding', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(5 * 1024)}<script>alert(1)</script></svg>`), 'image/svg+xml'],
    ['an SVG with an onload handler after 100 KB', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(25 * 1024)}<svg/onload=alert(1)></svg>`), 'image/svg+xml'],
    ['an SVG with a prefixed script element after 5 KB', Buffer.from(`<s:svg xmlns:s="http://www.w3.org/2000/svg">${' '.repeat(5 * 1024)}<s:script>alert(1)</s:script></s:svg>`), 'image/svg+xml'],
  ] as const)('%s, in a bucket without a type list: 415, nothing stored', async (_label, bytes, type) => {
    const before = await objectCount(backend);
    const { error } = await owner.client.storage.from(OPEN).upload(`${owner.userId}/markup`, bytes, { contentType: type });
    expect(error).toMatchObject({ status: 400, statusCode: '415' });
    expect(await objectCount(backend)).toBe(before);
  });

  test('a plain SVG of 100 KB passes, and a normal download still works', async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(4000)}</svg>`);
    expect((await owner.client.storage.from(OPEN).upload(`${owner.userId}/plain.svg`, svg, { contentType: 'image/svg+xml' })).error).toBeNull();
    const { data, error } = await owner.client.storage.from(DOCS).download(`${owner.userId}/kept.pdf`);
    expect(error).toBeNull();
    expect(data!.size).toBe(sample('pdf').length);
  });
});
