// Bad input never gets a 500 or a row the caller may not see: table-driven cases for each kind
// of malformed request, then thousands of seeded pseudo-random requests (deterministic).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCAL_JWT_SECRET } from '../../supabase/local/config.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { application, localOnlyTest, startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };
let bobToken: string;
let expiredToken: string;
let forgedToken: string;
let superuserToken: string;

const SECRET = 'SECRET-ALICE';

beforeAll(async () => {
  backend = await startBackend();
  [alice, bob] = await Promise.all([backend.confirmedUser(uniqueEmail('alice')), backend.confirmedUser(uniqueEmail('bob'))]);
  const { error } = await alice.client.from('visa_applications').insert([1, 2, 3].map((i) => application(`${SECRET} ${i}`)));
  if (error) throw error;
  bobToken = (await bob.client.auth.getSession()).data.session!.access_token;
  const now = Math.floor(Date.now() / 1000);
  expiredToken = await signJwt({ sub: bob.userId, role: 'authenticated', exp: now - 10 }, LOCAL_JWT_SECRET);
  forgedToken = await signJwt({ sub: alice.userId, role: 'authenticated', exp: now + 600 }, 'a-different-secret-of-at-least-32-characters');
  superuserToken = await signJwt({ sub: bob.userId, role: 'postgres', exp: now + 600 }, LOCAL_JWT_SECRET);
});
afterAll(() => backend?.close());

interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Which bearer token to send (default: the anon key). */
  as?: 'bob' | 'expired';
}

/** An error body as the tests read it: PostgREST's, GoTrue's (either envelope) or the gateway's. */
interface ErrorBody {
  code?: unknown;
  message?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

async function call(c: Call): Promise<{ status: number; text: string; json: ErrorBody }> {
  const headers: Record<string, string> = { apikey: backend.anonKey, 'content-type': 'application/json', ...c.headers };
  const token = c.as === 'bob' ? bobToken : c.as === 'expired' ? expiredToken : backend.anonKey;
  headers.authorization ??= `Bearer ${token}`;
  const res = await fetch(backend.url + c.path, { method: c.method ?? 'GET', headers, ...(c.body !== undefined ? { body: c.body } : {}) });
  const text = await res.text();
  let json: ErrorBody = {};
  try {
    json = JSON.parse(text) as ErrorBody;
  } catch {
    json = {};
  }
  return { status: res.status, text, json };
}

describe('malformed requests get a 4xx in the error shape of supabase/local/README.md', () => {
  const restShape = (json: ErrorBody) => expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message']);

  test.each<[string, Call, number, string]>([
    ['malformed JSON (REST)', { method: 'POST', path: '/rest/v1/bookings', body: '{"full_name": ' }, 400, 'PGRST102'],
    ['empty body (REST insert)', { method: 'POST', path: '/rest/v1/bookings', body: '' }, 400, 'PGRST102'],
    ['a JSON string as the row', { method: 'POST', path: '/rest/v1/bookings', body: '"row"' }, 400, 'PGRST102'],
    ['unknown table', { path: '/rest/v1/no_such_table' }, 404, 'PGRST205'],
    ['table name with SQL', { path: '/rest/v1/bookings%22%3B%20drop%20table%20bookings%3B--' }, 404, 'PGRST205'],
    ['unknown column in select', { path: '/rest/v1/visa_applications?select=id,password', as: 'bob' }, 400, '42703'],
    ['SQL in select', { path: '/rest/v1/visa_applications?select=id;delete from visa_applications', as: 'bob' }, 400, 'PGRST100'],
    ['unknown column in a filter', { path: '/rest/v1/visa_applications?nope=eq.1', as: 'bob' }, 400, '42703'],
    ['unknown operator', { path: '/rest/v1/visa_applications?name=sounds.x', as: 'bob' }, 400, 'PGRST100'],
    ['SQL in order', { path: '/rest/v1/visa_applications?order=name;drop table profiles', as: 'bob' }, 400, 'PGRST100'],
    ['unknown column in order', { path: '/rest/v1/visa_applications?order=secret.desc', as: 'bob' }, 400, '42703'],
    ['negative limit', { path: '/rest/v1/visa_applications?limit=-1', as: 'bob' }, 400, 'PGRST100'],
    ['unbalanced or=', { path: '/rest/v1/visa_applications?or=(name.eq.a', as: 'bob' }, 400, 'PGRST100'],
    ['unknown schema profile', { path: '/rest/v1/visa_applications', headers: { 'accept-profile': 'auth' }, as: 'bob' }, 406, 'PGRST106'],
    ['value of the wrong type', { path: '/rest/v1/visa_applications?dob=gt.not-a-date', as: 'bob' }, 400, '22007'],
    ['unknown rpc', { method: 'POST', path: '/rest/v1/rpc/pg_sleep', body: '{"seconds": 5}' }, 404, 'PGRST202'],
    ['rpc with SQL as an argument name', { method: 'POST', path: '/rest/v1/rpc/subscribe_newsletter', body: '{"email) --": "x"}' }, 404, 'PGRST202'],
    ['expired JWT', { path: '/rest/v1/visa_applications', as: 'expired' }, 401, 'PGRST303'],
  ])('%s', async (_name, c, status, code) => {
    const res = await call(c);
    expect(res.status).toBe(status);
    restShape(res.json);
    expect(res.json.code).toBe(code);
  });

  test('forged, garbage and over-privileged tokens are 401 PGRST301 with WWW-Authenticate', async () => {
    for (const token of [forgedToken, 'not.a.jwt', superuserToken, 'x'.repeat(5000)]) {
      const res = await fetch(`${backend.url}/rest/v1/visa_applications`, { headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await res.json()).code).toBe('PGRST301');
    }
  });

  test('a missing or wrong apikey is 401 before anything else runs', async () => {
    const missing = await fetch(`${backend.url}/rest/v1/bookings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    const wrong = await fetch(`${backend.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: forgedToken }, body: '{}' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
  });

  test('bodies over 1 MB are 413 on REST and Auth', async () => {
    const big = JSON.stringify({ full_name: 'x'.repeat(1024 * 1024 + 10) });
    const rest = await call({ method: 'POST', path: '/rest/v1/bookings', body: big });
    expect(rest.status).toBe(413);
    expect(rest.json.message).toMatch(/larger than/);
    const auth = await call({ method: 'POST', path: '/auth/v1/signup', body: big, headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(auth.status).toBe(413);
    expect(auth.json.code).toBe('request_too_large');
  });

  test('malformed JSON on Auth is 400 bad_json', async () => {
    for (const body of ['{"email":', '[1,2]', 'null']) {
      const res = await call({ method: 'POST', path: '/auth/v1/signup', body, headers: { 'x-supabase-api-version': '2024-01-01' } });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('bad_json');
    }
  });

  localOnlyTest('injection strings in values are just values', async () => {
    const values = ["' or '1'='1", "'; delete from visa_applications; --", '" or 1=1 --', '%', '*', '\\', 'Robert\'); DROP TABLE profiles;--'];
    for (const v of values) {
      const { data, error } = await bob.client.from('visa_applications').select('name').or(`name.eq."${v.replace(/"/g, '\\"')}",name.ilike.${encodeURIComponent(v)}`);
      expect(error?.code ?? 'none').not.toMatch(/^5/);
      for (const row of data ?? []) expect(row.name).not.toContain(SECRET);
      const eq = await bob.client.from('visa_applications').select('name').eq('name', v);
      expect(eq.error).toBeNull();
      expect(eq.data).toEqual([]);
    }
    const intact = await backend.db.query('select count(*)::int as n from public.visa_applications where name like $1', [`${SECRET}%`]);
    expect(intact.rows[0]).toEqual({ n: 3 });
  });
});

/** mulberry32: a small seeded generator so the fuzz run is the same every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('generated bad requests', () => {
  const COUNT = 3000;

  localOnlyTest(`${COUNT} seeded pseudo-random requests: no 5xx, errors in shape, no foreign rows`, async () => {
    const rand = seeded(20261122);
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const tables = ['visa_applications', 'profiles', 'bookings', 'contact_messages', 'newsletter_subscribers', 'users', 'auth.users', 'pg_authid', 'visa_applications;--', "profiles'", '%00', '..%2Fauth%2Fv1%2Fuser', 'rpc/subscribe_newsletter', 'rpc/admin_delete_user', 'rpc/nope'];
    const columns = ['id', 'name', 'user_id', 'email', 'status', 'role', 'dob', 'created_at', 'nope', 'id;drop', '"id"', 'name->>x', '*', 'a:name', 'x(y)', ''];
    const ops = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'not.eq', 'match', 'imatch', 'isdistinct', 'fts', 'cs', 'bogus', 'not.not.eq', ''];
    const values = ["' or 1=1 --", 'null', 'true', '(1,2', '(a,"b,c")', '()', '1e999', '-1', '2024-13-45', 'é😀', '%', '*x*', '\\', '"', 'SECRET-ALICE 1', crypto.randomUUID(), ''.padEnd(300, 'z'), "'); drop table profiles; --"];
    const tokens = { anon: backend.anonKey, bob: bobToken, expired: expiredToken, forged: forgedToken, garbage: 'a.b.c', superuser: superuserToken, none: '' } as const;
    const bodies = ['{"email":"' + "a'@b.c" + '","password":"' + "' or 1=1 --" + '"}', '{"email":null,"password":123}', '{"type":"signup","token_hash":"' + "' or ''='" + '"}', '{"refresh_token":"' + "'; drop table auth.users; --" + '"}', '{"data":"not-an-object"}', '{"password":"x"}', '{', '[]', '[{}]', '{}', 'null', '"x"', '123', '{"name":"x"}', '{"role":"admin"}', '{"user_id":"' + crypto.randomUUID() + '"}', '[{"email":"' + "x'@y.z" + '"},{"bad":1}]', JSON.stringify({ nested: { deep: [1, { a: 'b' }] } }), '{"email":"spam@example.com","full_name":"' + "'".repeat(50) + '"}', '{"status":"approved"}'];
    const failures: string[] = [];

    const one = async () => {
      const method = pick(['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS']);
      const params = new URLSearchParams();
      const nParams = Math.floor(rand() * 4);
      for (let i = 0; i < nParams; i++) {
        const kind = rand();
        if (kind < 0.2) params.append('select', [pick(columns), pick(columns)].join(','));
        else if (kind < 0.35) params.append('order', `${pick(columns)}.${pick(['asc', 'desc', 'nullsfirst', 'up', ''])}`);
        else if (kind < 0.45) params.append(pick(['limit', 'offset']), pick(['0', '5', '-3', 'x', '999999999999', '1.5']));
        else if (kind < 0.55) params.append(pick(['or', 'and', 'not.or']), `(${pick(columns)}.${pick(ops)}.${pick(values)},${pick(columns)}.eq.1)`);
        else params.append(pick(columns), `${pick(ops)}.${pick(values)}`);
      }
      const tokenName = pick(Object.keys(tokens) as (keyof typeof tokens)[]);
      const headers: Record<string, string> = {};
      if (rand() < 0.93) headers.apikey = rand() < 0.95 ? backend.anonKey : forgedToken;
      if (tokens[tokenName]) headers.authorization = `Bearer ${tokens[tokenName]}`;
      if (rand() < 0.3) headers.prefer = pick(['count=exact', 'return=representation', 'return=minimal, count=exact', 'missing=default', 'return=bogus']);
      if (rand() < 0.2) headers.accept = pick(['application/vnd.pgrst.object+json', 'text/csv', 'application/xml', '*/*']);
      if (rand() < 0.1) headers.range = pick(['0-9', '5-2', 'bytes=1-2', '-']);
      if (rand() < 0.05) headers['accept-profile'] = pick(['public', 'auth', 'private']);
      if (method === 'OPTIONS') headers.origin = pick(['http://localhost:4321', 'https://evil.example']);
      const qs = params.toString();
      // One request in five goes to Auth with the same kinds of damage.
      const authPaths = ['signup', 'token?grant_type=password', 'token?grant_type=refresh_token', 'token?grant_type=x', 'verify', 'verify?type=signup&token=abc', 'verify?type=nope&token=x&redirect_to=javascript:alert(1)', 'resend', 'recover', 'user', 'logout?scope=bogus', 'admin/users/' + pick([bob.userId, 'not-a-uuid', "1' or '1'='1"]), 'settings', 'nope'];
      const path = rand() < 0.2 ? `/auth/v1/${pick(authPaths)}` : `/rest/v1/${pick(tables)}${qs ? `?${qs}` : ''}`;
      if (path.startsWith('/auth/') && rand() < 0.5) headers['x-supabase-api-version'] = '2024-01-01';
      const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
      const res = await fetch(backend.url + path, { method, redirect: 'manual', headers: { 'content-type': 'application/json', ...headers }, ...(hasBody ? { body: pick(bodies) } : {}) });
      const text = await res.text();
      const label = `${method} ${path} as ${tokenName} -> ${res.status}`;
      if (res.status >= 500) failures.push(`${label}: ${text.slice(0, 200)}`);
      if (res.status >= 400 && method !== 'HEAD') {
        let body: ErrorBody | null;
        try {
          body = JSON.parse(text) as ErrorBody | null;
        } catch {
          failures.push(`${label}: error body is not JSON`);
          return;
        }
        const message = body?.message ?? body?.msg ?? body?.error_description;
        if (typeof message !== 'string') failures.push(`${label}: error without message: ${text.slice(0, 200)}`);
      }
      // Only Alice (and admins) may ever see Alice's applications; this run never acts as either.
      // (Error messages may quote the request's own filter text, so only successes are checked.)
      if (res.status < 400 && text.includes(SECRET)) failures.push(`${label}: leaked a row of another user`);
    };

    for (let i = 0; i < COUNT; i += 25) {
      await Promise.all(Array.from({ length: Math.min(25, COUNT - i) }, one));
    }
    expect(failures).toEqual([]);
    const intact = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from public.visa_applications where name like $1 and user_id = $2 and status = 'submitted'`,
      [`${SECRET}%`, alice.userId],
    );
    expect(intact.rows[0]!.n).toBe(3);
    const health = await alice.client.from('visa_applications').select('name', { count: 'exact' });
    expect(health.count).toBe(3);
  }, 180_000);
});
