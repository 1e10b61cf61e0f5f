// The browser's part of the CMS's GitHub sign-in, in the popup Decap CMS opens (its "Login with
// GitHub" button, backend `github` with base_url = the site's origin and auth_endpoint =
// cms/oauth). The Edge Function cms-oauth (data-endpoint) holds the client secret; these pages
// hold nothing secret and are static:
// - /cms/oauth (data-cms-sign-in="start"): only when a page of this site opened the window, makes
//   a PKCE verifier (kept in this window's sessionStorage with the state) and sends its S256
//   challenge to the function, which answers with GitHub's authorize address and a signed state
//   bound to that challenge; the window goes on to GitHub.
// - /cms/oauth-callback ("callback"): GitHub sends the editor back here with ?code&state (or
//   ?error). The address is cleaned first, whatever follows. The state must be the one this window
//   kept, and the opener must answer Decap's handshake as a page of this site (this window posts
//   `authorizing:github` to the site's origin only, so a foreign opener never receives it, and
//   only an echo from the opener itself counts): until then nothing is redeemed. Then the code and
//   the window's verifier go to the function, and the token to the CMS as
//   `authorization:github:success:{"token":…,"provider":"github"}` (or `…:error:{"message":…}`),
//   Decap's protocol (packages/decap-cms-lib-auth, netlify-auth.js).

const PROVIDER = 'github';
const KEPT_KEY = 'cms-oauth-sign-in';
/** How long the opener has to echo the handshake: Decap answers at once. */
const HANDSHAKE_MS = 10_000;

const NOT_FROM_CMS = 'This window was not opened by this site\'s CMS, so it signs no one in. Close it, open /cms/ and press "Login with GitHub" there.';
const NOT_THIS_WINDOW = 'This sign-in was not started in this window. Close it and press "Login with GitHub" in the CMS again.';
const GITHUB_DECLINED = 'GitHub did not sign you in. Close this window and press "Login with GitHub" in the CMS again.';

const main = document.querySelector<HTMLElement>('[data-cms-sign-in]');
const statusLine = document.querySelector<HTMLElement>('[data-cms-sign-in-status]');
const alertLine = document.querySelector<HTMLElement>('[data-cms-sign-in-alert]');

type Result = { token: string; provider: typeof PROVIDER } | { message: string };

/** The window that opened this one, when it shows a page of this site (reading a foreign page's location throws). */
function siteOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (!opener) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

let handshake: Promise<Window | null> | null = null;

/** Decap's handshake, once: the opener, a page of this site, echoes `authorizing:github`; null when it does not in time. */
function confirmOpener(): Promise<Window | null> {
  handshake ??= new Promise((resolve) => {
    const opener = siteOpener();
    if (!opener) return resolve(null);
    const origin = window.location.origin;
    const timer = setTimeout(() => {
      window.removeEventListener('message', echo);
      resolve(null);
    }, HANDSHAKE_MS);
    const echo = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== opener || event.data !== `authorizing:${PROVIDER}`) return;
      window.removeEventListener('message', echo);
      clearTimeout(timer);
      resolve(siteOpener());
    };
    window.addEventListener('message', echo);
    opener.postMessage(`authorizing:${PROVIDER}`, origin);
  });
  return handshake;
}

/** Sends the sign-in's result to the CMS once it has answered the handshake; false when it has not. */
async function reportToCms(result: Result): Promise<boolean> {
  const opener = await confirmOpener();
  if (!opener) return false;
  const outcome = 'token' in result ? 'success' : 'error';
  opener.postMessage(`authorization:${PROVIDER}:${outcome}:${JSON.stringify(result)}`, window.location.origin);
  return true;
}

/** Shows why the sign-in stopped, and tells the CMS if it is the opener (it shows it beside its login button). */
function fail(message: string): void {
  if (statusLine) statusLine.textContent = '';
  if (alertLine) alertLine.textContent = message;
  if (siteOpener()) void reportToCms({ message });
}

/** The JSON answer of the function, or a message in the editor's words. */
async function call(url: string, init?: RequestInit): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; message: string }> {
  try {
    const res = await fetch(url, init);
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return { ok: true, body };
    return { ok: false, message: typeof body['message'] === 'string' ? body['message'] : `The sign-in service answered ${res.status}. Please try again.` };
  } catch {
    return { ok: false, message: 'The sign-in service could not be reached. Check the connection and try again.' };
  }
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A PKCE verifier (32 random bytes, 43 characters) and its S256 challenge. */
async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

async function start(endpoint: string): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  if ((params.get('provider') ?? PROVIDER) !== PROVIDER) return fail('This sign-in works with GitHub only.');
  const scope = params.get('scope') ?? 'repo';
  const { verifier, challenge } = await pkcePair();
  const query = new URLSearchParams({ scope, code_challenge: challenge, code_challenge_method: 'S256' });
  const answer = await call(`${endpoint}/authorize?${query}`);
  if (!answer.ok) return fail(answer.message);
  const { url, state } = answer.body;
  if (typeof url !== 'string' || typeof state !== 'string') return fail('The sign-in service gave no address to go on to. Please try again.');
  sessionStorage.setItem(KEPT_KEY, JSON.stringify({ state, verifier }));
  window.location.replace(url);
}

/** What the start page kept in this window, once: read and removed. */
function takeKept(): { state: string; verifier: string } | null {
  const text = sessionStorage.getItem(KEPT_KEY);
  sessionStorage.removeItem(KEPT_KEY);
  try {
    const kept = JSON.parse(text ?? 'null') as { state?: unknown; verifier?: unknown } | null;
    return typeof kept?.state === 'string' && typeof kept.verifier === 'string' ? { state: kept.state, verifier: kept.verifier } : null;
  } catch {
    return null;
  }
}

async function callback(endpoint: string, params: URLSearchParams): Promise<void> {
  const kept = takeKept();
  // GitHub's own error_description is not shown: it is text from elsewhere on the site's origin.
  if (params.has('error')) return fail(GITHUB_DECLINED);
  const state = params.get('state');
  const code = params.get('code');
  if (!state || !code || !kept || state !== kept.state) return fail(NOT_THIS_WINDOW);
  if (!(await confirmOpener())) return fail(NOT_FROM_CMS);
  const answer = await call(`${endpoint}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, state, code_verifier: kept.verifier }) });
  if (!answer.ok) return fail(answer.message);
  const token = answer.body['token'];
  if (typeof token !== 'string') return fail('The sign-in service gave no token. Please try again.');
  if (!(await reportToCms({ token, provider: PROVIDER }))) return fail(NOT_FROM_CMS);
  if (statusLine) statusLine.textContent = 'Signed in. This window closes by itself.';
}

if (main && statusLine && alertLine) {
  const endpoint = main.dataset['endpoint'] ?? '';
  const step = main.dataset['cmsSignIn'];
  const params = new URLSearchParams(window.location.search);
  // A code or GitHub's error must not stay in the address bar or the history, whichever way this ends.
  if (step === 'callback') window.history.replaceState(null, '', window.location.pathname);
  if (!siteOpener()) {
    if (step === 'callback') sessionStorage.removeItem(KEPT_KEY);
    fail(NOT_FROM_CMS);
  } else if (step === 'callback') void callback(endpoint, params);
  else void start(endpoint);
}
