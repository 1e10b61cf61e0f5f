// The CMS's GitHub sign-in (supabase/functions/cms-oauth) in Deno behind the backend, against a
// local stand-in for GitHub's OAuth endpoints (./github-oauth-stand-in.ts): a whole sign-in gives
// a token; a state that is missing, forged, altered or used before is refused with a 400 naming
// it, and nothing reaches GitHub; GitHub refusing the code is a 400, GitHub down or garbled a 502;
// every malformed request is a 4xx, and a page of another origin is refused. Expiry is tested in
// Deno with a clock (supabase/functions/tests/cms-oauth-state.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startBackend, type TestBackend } from '../api/support.ts';
import { type GitHubStandIn, startGitHubStandIn } from './github-oauth-stand-in.ts';

const SITE = 'http://localhost:4321';
const CLIENT_ID = 'Ov23liTestClient0001';
const CLIENT_SECRET = 'f'.repeat(40);
const CALLBACK = `${SITE}/cms/oauth-callback`;

let github: GitHubStandIn;
let backend: TestBackend;
let fn: string;

beforeAll(async () => {
  github = await startGitHubStandIn(CLIENT_ID, CLIENT_SECRET);
  backend = await startBackend({
    functionSecrets: { SITE_URL: SITE, GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, GITHUB_OAUTH_BASE_URL: github.url },
  });
  fn = `${backend.url}/functions/v1/cms-oauth`;
});
afterAll(async () => {
  await backend?.close();
  await github?.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${fn}${path}`, { ...init, headers: { origin: SITE, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

const exchange = (body: unknown) => call('/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The popup's first step: the authorize address and its state. */
async function start(scope = 'repo'): Promise<{ url: URL; state: string }> {
  const answer = await call(`/authorize?scope=${scope}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { url: new URL(answer.body['url'] as string), state: answer.body['state'] as string };
}

/** The editor authorizes at GitHub: the callback page's address, with the code and the state. */
async function authorizeAtGitHub(url: URL): Promise<{ code: string; state: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('a sign-in', () => {
  test('authorize sends the editor to GitHub with the client id, the callback page, the scope and a new state', async () => {
    const { url, state } = await start();
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: CLIENT_ID, redirect_uri: CALLBACK, scope: 'repo', state, allow_signup: 'false' });
    expect(state).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect((await start()).state).not.toBe(state);
    expect((await start('public_repo')).url.searchParams.get('scope')).toBe('public_repo');
  });

  test('the code GitHub sends back is exchanged for a token, once', async () => {
    const { url } = await start();
    const back = await authorizeAtGitHub(url);
    const answer = await exchange(back);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.stringMatching(/^gho_/), provider: 'github', scope: 'repo' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(github.exchanges.at(-1)).toEqual({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: back.code, redirect_uri: CALLBACK });

    // The same state again, with the same code or a new one: refused before GitHub is asked.
    const asked = github.exchanges.length;
    expect(await exchange(back)).toMatchObject({ status: 400, body: { error: 'reused_state' } });
    expect(await exchange({ code: github.issueCode(CALLBACK), state: back.state })).toMatchObject({ status: 400, body: { error: 'reused_state' } });
    expect(github.exchanges.length).toBe(asked);
  });

  test('the browser may call it from the site only', async () => {
    const preflight = await fetch(`${fn}/token`, { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    const foreign = await call('/authorize', { headers: { origin: 'https://evil.example' } });
    expect(foreign).toMatchObject({ status: 403, body: { error: 'origin_not_allowed' } });
  });
});

describe('hostile or broken exchanges: a 4xx naming what is wrong, nothing sent to GitHub', () => {
  test.each([
    ['no state', () => ({ code: 'abc' }), 'missing_state'],
    ['an empty state', () => ({ code: 'abc', state: '' }), 'missing_state'],
    ['a state of another type', () => ({ code: 'abc', state: 42 }), 'missing_state'],
    ['a state made up', () => ({ code: 'abc', state: 'eyJuIjoiMSJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 'invalid_state'],
    ['a state of no shape', () => ({ code: 'abc', state: '../../etc/passwd' }), 'invalid_state'],
    ['no code', () => ({ state: 'x' }), 'invalid_code'],
    ['a code with odd characters', () => ({ code: 'abc&client_secret=x', state: 'x' }), 'invalid_code'],
    ['a code too long', () => ({ code: 'a'.repeat(101), state: 'x' }), 'invalid_code'],
  ])('%s', async (_what, body, error) => {
    const asked = github.exchanges.length;
    expect(await exchange(body())).toMatchObject({ status: 400, body: { error, message: expect.any(String) } });
    expect(github.exchanges.length).toBe(asked);
  });

  test('a state whose payload was altered (its signature kept)', async () => {
    const { state } = await start();
    const [payload, signature] = state.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: 4_102_444_800 })).toString('base64url');
    expect(await exchange({ code: github.issueCode(CALLBACK), state: `${altered}.${signature}` })).toMatchObject({ status: 400, body: { error: 'invalid_state' } });
  });

  test.each([
    ['not JSON', 'code=abc&state=x', 'invalid_body'],
    ['a JSON array', '[]', 'invalid_body'],
    ['JSON null', 'null', 'invalid_body'],
    ['a body over 4 KB', JSON.stringify({ code: 'a', state: 'x'.repeat(5000) }), 'too_large'],
  ])('a body that is %s', async (_what, body, error) => {
    expect(await exchange(body)).toMatchObject({ status: error === 'too_large' ? 413 : 400, body: { error } });
  });

  test.each([
    ['GET /token', '/token', 'GET', 405],
    ['POST /authorize', '/authorize', 'POST', 405],
    ['an unknown route', '/callback', 'GET', 404],
    ['no route', '', 'GET', 404],
  ])('%s', async (_what, path, method, status) => {
    expect((await call(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) })).status).toBe(status);
  });

  test('a scope other than repo or public_repo', async () => {
    expect(await call('/authorize?scope=admin:org')).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });
});

describe('GitHub refusing or failing the exchange', () => {
  test('a code GitHub does not know: 400, and the state is spent', async () => {
    const { state } = await start();
    expect(await exchange({ code: 'deadbeefdeadbeefdead', state })).toMatchObject({ status: 400, body: { error: 'code_refused', message: expect.stringContaining('bad_verification_code') } });
    expect(await exchange({ code: github.issueCode(CALLBACK), state })).toMatchObject({ status: 400, body: { error: 'reused_state' } });
  });

  test.each(['down', 'garbled'] as const)('GitHub %s: 502, and no token', async (failure) => {
    const { url } = await start();
    const back = await authorizeAtGitHub(url);
    github.failWith = failure;
    try {
      const answer = await exchange(back);
      expect(answer).toMatchObject({ status: 502, body: { error: 'github_unavailable' } });
      expect(answer.body).not.toHaveProperty('token');
    } finally {
      github.failWith = null;
    }
  });
});

test('without its secrets it is misconfigured (500), naming no value', async () => {
  const bare = await startBackend({ functionSecrets: { SITE_URL: SITE } });
  try {
    const res = await fetch(`${bare.url}/functions/v1/cms-oauth/authorize`, { headers: { origin: SITE } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'misconfigured', message: 'cms-oauth is misconfigured: its log names the setting to fix.' });
  } finally {
    await bare.close();
  }
});
