// The browser's part of the CMS's GitHub sign-in, in the popup Decap CMS opens (its "Login with
// GitHub" button, backend `github` with base_url = the site's origin and auth_endpoint =
// cms/oauth). The Edge Function cms-oauth (data-endpoint) holds the client secret; these pages
// hold nothing secret and are static:
// - /cms/oauth (data-cms-sign-in="start"): asks the function for GitHub's authorize address and a
//   signed state, keeps the state in this window's sessionStorage and goes to GitHub.
// - /cms/oauth-callback ("callback"): GitHub sends the editor back here with ?code&state (or
//   ?error). The state must be the one this window kept (so a code made for someone else's
//   account, sent here by a link, is never taken in); the function exchanges the code, and the
//   token goes to the CMS through Decap's handshake (packages/decap-cms-lib-auth, netlify-auth.js):
//   this window posts `authorizing:github`, the CMS echoes it, and this window then posts
//   `authorization:github:success:{"token":…,"provider":"github"}` (or `…:error:{"message":…}`).
// Every message goes to the site's own origin only, and only the opener's echo is answered.

const PROVIDER = 'github';
const STATE_KEY = 'cms-oauth-state';

const main = document.querySelector<HTMLElement>('[data-cms-sign-in]');
const statusLine = document.querySelector<HTMLElement>('[data-cms-sign-in-status]');
const alertLine = document.querySelector<HTMLElement>('[data-cms-sign-in-alert]');

type Result = { token: string; provider: typeof PROVIDER } | { message: string };

/** Sends the sign-in's result to the CMS that opened this window, through Decap's handshake. */
function reportToCms(result: Result): boolean {
  const opener = window.opener as Window | null;
  if (!opener) return false;
  const origin = window.location.origin;
  const outcome = 'token' in result ? 'success' : 'error';
  const message = `authorization:${PROVIDER}:${outcome}:${JSON.stringify(result)}`;
  const answer = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== opener || event.data !== `authorizing:${PROVIDER}`) return;
    window.removeEventListener('message', answer);
    opener.postMessage(message, origin);
  };
  window.addEventListener('message', answer);
  opener.postMessage(`authorizing:${PROVIDER}`, origin);
  return true;
}

/** Shows why the sign-in stopped, and tells the CMS, which shows it beside its login button. */
function fail(message: string): void {
  if (statusLine) statusLine.textContent = '';
  if (alertLine) alertLine.textContent = message;
  reportToCms({ message });
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

async function start(endpoint: string): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  if ((params.get('provider') ?? PROVIDER) !== PROVIDER) return fail('This sign-in works with GitHub only.');
  const scope = params.get('scope') ?? 'repo';
  const answer = await call(`${endpoint}/authorize?scope=${encodeURIComponent(scope)}`);
  if (!answer.ok) return fail(answer.message);
  const { url, state } = answer.body;
  if (typeof url !== 'string' || typeof state !== 'string') return fail('The sign-in service gave no address to go on to. Please try again.');
  sessionStorage.setItem(STATE_KEY, state);
  window.location.replace(url);
}

async function callback(endpoint: string): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const kept = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  // The code is spent below: it should not stay in the address bar or the history.
  window.history.replaceState(null, '', window.location.pathname);
  if (params.has('error')) return fail(`GitHub did not sign you in: ${params.get('error_description') ?? params.get('error')}.`);
  const state = params.get('state');
  const code = params.get('code');
  if (!state || !code || state !== kept) return fail('This sign-in was not started in this window. Close it and press "Login with GitHub" in the CMS again.');
  const answer = await call(`${endpoint}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, state }) });
  if (!answer.ok) return fail(answer.message);
  const token = answer.body['token'];
  if (typeof token !== 'string') return fail('The sign-in service gave no token. Please try again.');
  if (!reportToCms({ token, provider: PROVIDER })) return fail('This window was not opened by the CMS. Open /cms/ and sign in from there.');
  if (statusLine) statusLine.textContent = 'Signed in. This window closes by itself.';
}

if (main && statusLine && alertLine) {
  const endpoint = main.dataset['endpoint'] ?? '';
  if (!window.opener) fail('This window was not opened by the CMS. Open /cms/ and sign in from there.');
  else if (main.dataset['cmsSignIn'] === 'callback') void callback(endpoint);
  else void start(endpoint);
}
