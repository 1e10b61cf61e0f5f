// Hostile input to the Storage API (issue 18, "Bad input and attacks"): path tricks, names too
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
    ['an unknown route', 'POST', `/storage/v1/nothing/here`, '{}'],
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
