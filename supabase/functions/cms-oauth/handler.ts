// The CMS's GitHub sign-in as a JSON API (Request → Response), served by index.ts. The static
// pages /cms/oauth and /cms/oauth-callback of the site do the browser's part and Decap CMS's
// postMessage handshake (src/pages/cms/); this function only holds the client secret:
// - GET  …/cms-oauth/authorize?scope=repo&code_challenge=… → { url, state }: GitHub's authorize
//   address, with the client id, the scope, the callback page, the popup's PKCE challenge (S256)
//   and a new signed state that carries the challenge (state.ts, pkce.ts).
// - POST …/cms-oauth/token { code, state, code_verifier } → { token, provider: 'github', scope }:
//   the state must be signed here and unexpired, the verifier must be the one of the state's
//   challenge, and the state unspent (spent now); then the code and verifier go to GitHub.
// Every answer is JSON; anything malformed, forged, expired, reused or refused by GitHub is a 4xx
// naming what was wrong; GitHub not answering is a 502. A browser may call it from the site's own
// origin only (CORS), and a request that says it comes from another origin is refused.
import { json } from '../_shared/respond.ts';
import { authorizeUrl, exchangeCode, type Scope, SCOPES } from './github.ts';
import { CODE_CHALLENGE, verifierMatches } from './pkce.ts';
import type { OAuthSettings } from './settings.ts';
import { issueState, readState, type StatePayload } from './state.ts';

/** Records a state as spent: true the first time, false when it was spent before; throws when the database cannot answer. */
export type SpendState = (payload: StatePayload) => Promise<boolean>;

/** The largest body the token route reads: a code and a state are well under 1 KB. */
const MAX_BODY_BYTES = 4096;

/** GitHub's codes are 20 hex digits today; anything of plain characters up to 100 is passed on. */
const CODE = /^[\w-]{1,100}$/;

function corsHeaders(settings: OAuthSettings): Record<string, string> {
  return {
    'access-control-allow-origin': settings.siteUrl,
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'content-type, authorization, apikey, x-client-info',
    'access-control-max-age': '600',
    vary: 'origin',
    'cache-control': 'no-store',
  };
}

/** The route after the function's name: hosted passes /cms-oauth/…, the local server /functions/v1/cms-oauth/…. */
function routeOf(url: URL): string | null {
  return /\/cms-oauth(?:\/([^/]*))?\/?$/.exec(url.pathname)?.[1] ?? null;
}

/** Answers one request to cms-oauth. */
export async function handleOAuth(req: Request, settings: OAuthSettings, spend: SpendState): Promise<Response> {
  const cors = corsHeaders(settings);
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => json(status, body, { ...cors, ...headers });
  const origin = req.headers.get('origin');
  if (origin !== null && origin !== settings.siteUrl) {
    return answer(403, { error: 'origin_not_allowed', message: `Only pages of ${settings.siteUrl} may call cms-oauth.` });
  }
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  const route = routeOf(new URL(req.url));
  if (route === 'authorize') {
    if (req.method !== 'GET') return answer(405, { error: 'method_not_allowed', message: 'authorize answers GET only.' }, { allow: 'GET' });
    return authorize(new URL(req.url), settings, answer);
  }
  if (route === 'token') {
    if (req.method !== 'POST') return answer(405, { error: 'method_not_allowed', message: 'token answers POST only.' }, { allow: 'POST' });
    return token(req, settings, spend, answer);
  }
  return answer(404, { error: 'not_found', message: 'cms-oauth has two routes: GET authorize and POST token.' });
}

type Answer = (status: number, body: unknown, headers?: Record<string, string>) => Response;

function authorize(url: URL, settings: OAuthSettings, answer: Answer): Response {
  const scope = url.searchParams.get('scope') ?? 'repo';
  if (!(SCOPES as readonly string[]).includes(scope)) {
    return answer(400, { error: 'invalid_scope', message: `The scope must be one of ${SCOPES.join(', ')}.` });
  }
  const challenge = url.searchParams.get('code_challenge') ?? '';
  if (!CODE_CHALLENGE.test(challenge) || (url.searchParams.get('code_challenge_method') ?? 'S256') !== 'S256') {
    return answer(400, { error: 'invalid_code_challenge', message: 'The sign-in window must send a PKCE code_challenge (S256, 43 characters).' });
  }
  const { state } = issueState(settings.clientSecret, challenge);
  return answer(200, { url: authorizeUrl(settings, scope as Scope, state, challenge), state });
}

async function token(req: Request, settings: OAuthSettings, spend: SpendState, answer: Answer): Promise<Response> {
  const body = await readJsonBody(req);
  if (typeof body === 'string') return answer(body === 'too_large' ? 413 : 400, { error: body, message: body === 'too_large' ? `The body must be under ${MAX_BODY_BYTES} bytes.` : 'The body must be a JSON object { "code", "state", "code_verifier" }.' });
  const { code, state, code_verifier: verifier } = body;
  if (typeof state !== 'string' || state === '') return answer(400, { error: 'missing_state', message: 'The state GitHub sent back is missing.' });
  if (typeof code !== 'string' || !CODE.test(code)) return answer(400, { error: 'invalid_code', message: 'The code GitHub sent back is missing or malformed.' });
  const payload = readState(settings.clientSecret, state);
  if (payload === 'forged') return answer(400, { error: 'invalid_state', message: 'The state was not issued by this sign-in. Start the sign-in again.' });
  if (payload === 'expired') return answer(400, { error: 'expired_state', message: 'The sign-in took too long. Start it again.' });
  // Checked before the state is spent: a stolen code and state without the window's verifier
  // neither reach GitHub nor spoil the sign-in of the window they were taken from.
  if (typeof verifier !== 'string' || !verifierMatches(verifier, payload.challenge)) {
    return answer(400, { error: 'invalid_verifier', message: 'This code was not asked for by this sign-in window. Start the sign-in again.' });
  }
  let fresh: boolean;
  try {
    fresh = await spend(payload);
  } catch (error) {
    console.error(`[cms-oauth] spend_cms_oauth_state: ${error instanceof Error ? error.message : String(error)}`);
    return answer(502, { error: 'unavailable', message: 'The sign-in could not be checked now. Please try again.' });
  }
  if (!fresh) return answer(400, { error: 'reused_state', message: 'This sign-in was already used. Start it again.' });
  const exchange = await exchangeCode(settings, code, verifier);
  if ('unavailable' in exchange) {
    console.error(`[cms-oauth] ${exchange.unavailable}`);
    return answer(502, { error: 'github_unavailable', message: 'GitHub did not answer the sign-in. Please try again.' });
  }
  if ('refused' in exchange) {
    console.error(`[cms-oauth] GitHub refused the code: ${exchange.refused} ${exchange.description}`);
    // A fixed sentence: GitHub's own words go to the log, never to a page of the site.
    return answer(400, { error: 'code_refused', message: 'GitHub refused the code: it was used before, expired, or not asked for by this window. Start the sign-in again.' });
  }
  return answer(200, { token: exchange.token, provider: 'github', scope: exchange.scope });
}

/** The request's JSON object, or why there is none. */
async function readJsonBody(req: Request): Promise<Record<string, unknown> | 'too_large' | 'invalid_body'> {
  const text = await req.text().catch(() => null);
  if (text === null) return 'invalid_body';
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return 'too_large';
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : 'invalid_body';
  } catch {
    return 'invalid_body';
  }
}
