// The CMS's GitHub sign-in (supabase/functions/cms-oauth) in Deno behind the backend, against a
// local stand-in for GitHub's OAuth endpoints (./github-oauth-stand-in.ts), which holds each code
// to its PKCE challenge as GitHub does: a whole sign-in gives a token; a state that is missing,
// forged, altered or used before is refused with a 400 naming it, and nothing reaches GitHub; a
// stolen code is redeemed by no one without the verifier of the window that started the sign-in;
// GitHub refusing the code is a 400 that does not repeat GitHub's text, GitHub down or garbled a
// 502; every malformed request is a 4xx, a page of another origin is refused, and without its
// secrets the function answers 503 naming them. Expiry is tested in Deno with a clock
// (supabase/functions/tests/cms-oauth-state.test.ts).
import { createHash, randomBytes } from 'node:crypto';
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

/** A PKCE verifier and its S256 challenge, as the popup makes them. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The popup's first step: the authorize address and its state, for the window's PKCE pair. */
async function start(scope = 'repo'): Promise<{ url: URL; state: string; verifier: string; challenge: string }> {
  const pair = pkce();
  const answer = await call(`/authorize?scope=${scope}&code_challenge=${pair.challenge}&code_challenge_method=S256`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { url: new URL(answer.body['url'] as string), state: answer.body['state'] as string, ...pair };
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
  test('authorize sends the editor to GitHub with the client id, the callback page, the scope, the window\'s challenge and a new state', async () => {
    const { url, state, challenge } = await start();
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: CLIENT_ID, redirect_uri: CALLBACK, scope: 'repo', state, code_challenge: challenge, code_challenge_method: 'S256', allow_signup: 'false' });
    expect(state).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect((await start()).state).not.toBe(state);
    expect((await start('public_repo')).url.searchParams.get('scope')).toBe('public_repo');
  });

  test('the code GitHub sends back is exchanged for a token with the window\'s verifier, once', async () => {
    const { url, verifier, challenge } = await start();
    const back = await authorizeAtGitHub(url);
    expect(github.codes.get(back.code)?.challenge).toBe(challenge);
    const answer = await exchange({ ...back, code_verifier: verifier });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ token: expect.stringMatching(/^gho_/), provider: 'github', scope: 'repo' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(github.exchanges.at(-1)).toEqual({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: back.code, code_verifier: verifier, redirect_uri: CALLBACK });

    // The same state again, with the same code or a new one: refused before GitHub is asked.
    const asked = github.exchanges.length;
    expect(await exchange({ ...back, code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'reused_state' } });
    expect(await exchange({ code: github.issueCode(CALLBACK, 'repo', challenge), state: back.state, code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'reused_state' } });
    expect(github.exchanges.length).toBe(asked);
  });

  test('authorize needs the window\'s S256 challenge', async () => {
    expect(await call('/authorize?scope=repo')).toMatchObject({ status: 400, body: { error: 'invalid_code_challenge' } });
    expect(await call(`/authorize?scope=repo&code_challenge=${pkce().challenge}&code_challenge_method=plain`)).toMatchObject({ status: 400, body: { error: 'invalid_code_challenge' } });
    expect(await call('/authorize?scope=repo&code_challenge=short')).toMatchObject({ status: 400, body: { error: 'invalid_code_challenge' } });
  });
});

describe('a stolen code (taken from the address bar, a log or a Referer) redeems nothing without the window\'s verifier', () => {
  test('with the window\'s state but no verifier, or another one: refused here, the state unspent, GitHub never asked', async () => {
    const editor = await start();
    const back = await authorizeAtGitHub(editor.url);
    const asked = github.exchanges.length;
    expect(await exchange(back)).toMatchObject({ status: 400, body: { error: 'invalid_verifier' } });
    expect(await exchange({ ...back, code_verifier: pkce().verifier })).toMatchObject({ status: 400, body: { error: 'invalid_verifier' } });
    expect(await exchange({ ...back, code_verifier: 'x' })).toMatchObject({ status: 400, body: { error: 'invalid_verifier' } });
    expect(github.exchanges.length).toBe(asked);
    // The editor's own window still signs in.
    expect(await exchange({ ...back, code_verifier: editor.verifier })).toMatchObject({ status: 200, body: { token: expect.stringMatching(/^gho_/) } });
  });

  test('with a fresh state of the thief\'s own (and its verifier): GitHub refuses the code, which stays the editor\'s', async () => {
    const editor = await start();
    const back = await authorizeAtGitHub(editor.url);
    const thief = await start();
    expect(await exchange({ code: back.code, state: thief.state, code_verifier: thief.verifier })).toMatchObject({ status: 400, body: { error: 'code_refused' } });
    expect(github.codes.get(back.code)?.used).toBe(false);
    expect(await exchange({ ...back, code_verifier: editor.verifier })).toMatchObject({ status: 200, body: { token: expect.stringMatching(/^gho_/) } });
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

  test.each([
    ['its expiry', { e: 4_102_444_800 }],
    ['its challenge', { c: pkce().challenge }],
  ])('a state whose payload was altered (%s; its signature kept)', async (_what, change) => {
    const { state, verifier } = await start();
    const [payload, signature] = state.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change })).toString('base64url');
    expect(await exchange({ code: github.issueCode(CALLBACK), state: `${altered}.${signature}`, code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'invalid_state' } });
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
  test('a code GitHub does not know: 400 in the function\'s words, not GitHub\'s, and the state is spent', async () => {
    const { state, verifier } = await start();
    const refused = await exchange({ code: 'deadbeefdeadbeefdead', state, code_verifier: verifier });
    expect(refused).toMatchObject({ status: 400, body: { error: 'code_refused', message: 'GitHub refused the code: it was used before, expired, or not asked for by this window. Start the sign-in again.' } });
    expect(await exchange({ code: github.issueCode(CALLBACK), state, code_verifier: verifier })).toMatchObject({ status: 400, body: { error: 'reused_state' } });
  });

  test.each(['down', 'garbled'] as const)('GitHub %s: 502, and no token', async (failure) => {
    const { url, verifier } = await start();
    const back = await authorizeAtGitHub(url);
    github.failWith = failure;
    try {
      const answer = await exchange({ ...back, code_verifier: verifier });
      expect(answer).toMatchObject({ status: 502, body: { error: 'github_unavailable' } });
      expect(answer.body).not.toHaveProperty('token');
    } finally {
      github.failWith = null;
    }
  });
});

test('without its secrets it is not set up (503), naming the missing variables and no value, readable by the site', async () => {
  const bare = await startBackend({ functionSecrets: { SITE_URL: SITE, GITHUB_OAUTH_CLIENT_ID: 'short' } });
  try {
    const res = await fetch(`${bare.url}/functions/v1/cms-oauth/authorize`, { headers: { origin: SITE } });
    expect(res.status).toBe(503);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(await res.json()).toEqual({
      error: 'not_configured',
      message: "The CMS sign-in is not set up yet: set GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET in the cms-oauth function's secrets (docs/deploy.md, step 11).",
      missing: ['GITHUB_OAUTH_CLIENT_ID', 'GITHUB_OAUTH_CLIENT_SECRET'],
    });
  } finally {
    await bare.close();
  }
});
