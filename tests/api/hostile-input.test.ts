// Hostile input that once overflowed the stack or reached Postgres unmapped: JSON bodies nested
// thousands of levels deep (REST rows, RPC arguments, Auth bodies), or=/and= trees nested as
// deep, and NUL characters in REST values, filters and names. Each must be a 4xx in the shape
// of its API, never a 500.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_JSON_DEPTH } from '../../supabase/local/http.ts';
import { MAX_FILTER_DEPTH } from '../../supabase/local/rest/parse.ts';
import { localOnlyTest, startBackend, uniqueEmail, type TestBackend } from './support.ts';
import { openSlot } from '../support/open-slots.ts';

let backend: TestBackend;
let userToken: string;

beforeAll(async () => {
  backend = await startBackend();
  const { client } = await backend.confirmedUser(uniqueEmail('deep'));
  userToken = (await client.auth.getSession()).data.session!.access_token;
});
afterAll(() => backend?.close());

const VERSIONED = { 'x-supabase-api-version': '2024-01-01' };

async function call(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(backend.url + path, {
    method,
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown> };
}

/** `{"a":{"a":…1…}}` with `depth` objects. */
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** `[[[…]]]` with `depth` arrays. */
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function booking(extra: Record<string, unknown> = {}) {
  return { full_name: 'Deep Diver', phone: '+1 555 0100', email: uniqueEmail('booking'), country: 'Canada', ...openSlot(), ...extra };
}

describe('JSON nested deeper than the cap', () => {
  const tooDeep = 3000;
  const depthDetail = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

  test.each([
    ['an insert value', '/rest/v1/bookings', () => JSON.stringify(booking()).replace('"Deep Diver"', deepArray(tooDeep))],
    ['an insert row list', '/rest/v1/bookings', () => `[${deepObject(tooDeep)}]`],
    ['an rpc argument', '/rest/v1/rpc/subscribe_newsletter', () => `{"email":${deepObject(tooDeep)}}`],
  ])('in %s is 400 PGRST102 naming the limit', async (_label, path, body) => {
    const res = await call('POST', path, body());
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'PGRST102', details: depthDetail, hint: null, message: 'Empty or invalid json' });
  });

  test('in a PATCH body is 400 PGRST102 too', async () => {
    const res = await call('PATCH', '/rest/v1/bookings?id=is.null', `{"full_name":${deepArray(tooDeep)}}`, { authorization: `Bearer ${userToken}` });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST102');
  });

  localOnlyTest('in signup data is 400 bad_json in GoTrue’s envelope, and no user is created', async () => {
    const email = uniqueEmail('deep-signup');
    const res = await call('POST', '/auth/v1/signup', `{"email":"${email}","password":"long-enough-password","data":${deepObject(tooDeep)}}`, VERSIONED);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'bad_json', message: `Could not parse request body as JSON: ${depthDetail}` });
    const users = await backend.db.query('select 1 from auth.users where email = $1', [email]);
    expect(users.rows).toEqual([]);
  });

  test('in PUT /auth/v1/user data is 400 bad_json (legacy envelope without the version header)', async () => {
    const res = await call('PUT', '/auth/v1/user', `{"data":${deepArray(tooDeep)}}`, { authorization: `Bearer ${userToken}` });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 400, error_code: 'bad_json', msg: `Could not parse request body as JSON: ${depthDetail}` });
  });

  test('brackets inside strings do not count, and nesting up to the cap is accepted', async () => {
    const inString = await call('POST', '/rest/v1/bookings', JSON.stringify(booking({ full_name: '['.repeat(5000) })));
    expect(inString.status).toBe(400);
    expect(inString.json.code).toBe('23514');
    const atCap = await call('POST', '/rest/v1/rpc/subscribe_newsletter', `{"email":${deepObject(MAX_JSON_DEPTH - 1)}}`);
    expect(atCap.status).toBe(400);
    expect(atCap.json.code).not.toBe('PGRST102');
  });
});

describe('or=/and= trees nested deeper than the cap', () => {
  const tree = (depth: number) => 'or=(' + 'or('.repeat(depth) + 'full_name.eq.x' + ')'.repeat(depth) + ')';

  test('2,200 levels are 400 PGRST100', async () => {
    const res = await call('GET', `/rest/v1/bookings?${tree(2200)}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST100');
    expect(res.json.details).toBe(`Logic trees may nest at most ${MAX_FILTER_DEPTH} levels`);
  });

  test('a tree at the cap still runs', async () => {
    const res = await call('GET', `/rest/v1/bookings?${tree(MAX_FILTER_DEPTH - 1)}`, undefined, { authorization: `Bearer ${userToken}` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });
});

describe('a NUL character in REST input is 400 with the SQLSTATE', () => {
  const restKeys = ['code', 'details', 'hint', 'message'];

  test.each<[string, string, string, string | undefined]>([
    ['a filter value', 'GET', '/rest/v1/bookings?full_name=eq.a%00b', undefined],
    ['an in() list', 'GET', '/rest/v1/bookings?full_name=in.(a,b%00c)', undefined],
    ['an or= tree', 'GET', '/rest/v1/bookings?or=(full_name.eq.a%00,phone.eq.1)', undefined],
    ['a GET rpc argument', 'GET', '/rest/v1/rpc/subscribe_newsletter?email=a%00@example.com', undefined],
    ['an rpc argument', 'POST', '/rest/v1/rpc/subscribe_newsletter', '{"email":"a\\u0000@example.com"}'],
    ['an insert value', 'POST', '/rest/v1/bookings', JSON.stringify(booking({ full_name: 'Deep\u0000Diver' }))],
  ])('in %s', async (_label, method, path, body) => {
    const res = await call(method, path, body, { authorization: `Bearer ${userToken}` });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(restKeys);
    expect(['22021', '22P05']).toContain(res.json.code);
  });

  test.each([
    ['a table name', '/rest/v1/book%00ings'],
    ['a function name', '/rest/v1/rpc/subscribe%00newsletter'],
    ['a column name', '/rest/v1/bookings?select=id%00'],
    ['an order column', '/rest/v1/bookings?order=full%00name'],
  ])('in %s is a 4xx, never a 500', async (_label, path) => {
    const res = await call('GET', path, undefined, { authorization: `Bearer ${userToken}` });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Object.keys(res.json).sort()).toEqual(restKeys);
  });
});
