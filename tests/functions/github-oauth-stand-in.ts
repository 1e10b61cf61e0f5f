// A local stand-in for GitHub's OAuth endpoints (GitHub's guide "Authorizing OAuth apps", web
// application flow), for cms-oauth's tests, which point GITHUB_OAUTH_BASE_URL at it:
// - GET /login/oauth/authorize?client_id&redirect_uri&scope&state[&code_challenge&code_challenge_method]:
//   the editor "authorizes" at once: 302 to redirect_uri with a new code and the state unchanged (as
//   GitHub does). With `consent = 'on-click'` it shows GitHub's consent page instead, whose
//   "Authorize" link goes on (so a test can act while the popup waits at GitHub). A PKCE challenge
//   must be S256 (GitHub supports no other) and is tied to the code.
// - POST /login/oauth/access_token (JSON or form): the code, once, for the app's own id and secret,
//   within 10 minutes, and for a code issued with a challenge only with the verifier whose SHA-256
//   is that challenge; answers with 200 and `{ error, error_description }` when it refuses, as
//   GitHub does, or 200 `{ access_token, token_type, scope }`.
// - GET /another-site: a plain page of another origin than the site's.
// `failWith` makes the exchange answer as a GitHub that is down (503 HTML) or garbled (200 not JSON).
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';

export interface GitHubStandIn {
  url: string;
  /** Every exchange request's body, in order. */
  exchanges: Record<string, string>[];
  /** The codes issued, with what each was issued for. */
  codes: Map<string, { redirectUri: string; scope: string; challenge: string | null; used: boolean }>;
  /** A code as GitHub would send it back, without going through authorize (for tests of the exchange alone). */
  issueCode(redirectUri: string, scope?: string, challenge?: string | null): string;
  /** 'at-once' (an editor who authorized the app before) or 'on-click' (GitHub's consent page first). */
  consent: 'at-once' | 'on-click';
  /** The next exchanges' failure, or null for GitHub's own answers. */
  failWith: 'down' | 'garbled' | null;
  close(): Promise<void>;
}

/** Starts the stand-in for an OAuth App with `clientId` and `clientSecret`, on `port` (any free one by default). */
export async function startGitHubStandIn(clientId: string, clientSecret: string, port = 0): Promise<GitHubStandIn> {
  const codes: GitHubStandIn['codes'] = new Map();
  const exchanges: GitHubStandIn['exchanges'] = [];
  const issueCode = (redirectUri: string, scope = 'repo', challenge: string | null = null) => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { redirectUri, scope, challenge, used: false });
    return code;
  };
  const standIn: GitHubStandIn = {
    url: '',
    exchanges,
    codes,
    issueCode,
    failWith: null,
    consent: 'at-once',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const reply = (res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !redirectUri) return reply(res, 404, 'Not Found', 'text/html');
      const back = new URL(redirectUri);
      const challenge = url.searchParams.get('code_challenge');
      if (challenge !== null && url.searchParams.get('code_challenge_method') !== 'S256') {
        back.searchParams.set('error', 'invalid_request');
        back.searchParams.set('error_description', 'code_challenge_method must be S256');
      } else {
        back.searchParams.set('code', issueCode(redirectUri, url.searchParams.get('scope') ?? '', challenge));
      }
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (standIn.consent === 'on-click') {
        const href = back.toString().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        return reply(res, 200, `<!doctype html><title>Authorize application</title><link rel="icon" href="data:,"><h1>Authorize the CMS</h1><a href="${href}">Authorize</a>`, 'text/html; charset=utf-8');
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/another-site') {
      // A page of another origin, for browser tests of what a foreign opener can do.
      return reply(res, 200, '<!doctype html><title>Another site</title><link rel="icon" href="data:,"><p>A page of another origin.</p>', 'text/html; charset=utf-8');
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const body = (req.headers['content-type'] ?? '').includes('json') ? (JSON.parse(text) as Record<string, string>) : Object.fromEntries(new URLSearchParams(text));
        exchanges.push(body);
        if (standIn.failWith === 'down') return reply(res, 503, '<html>Unicorn!</html>', 'text/html');
        if (standIn.failWith === 'garbled') return reply(res, 200, 'access_token=x&scope=repo', 'application/x-www-form-urlencoded');
        if (body['client_id'] !== clientId || body['client_secret'] !== clientSecret) {
          return reply(res, 200, { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' });
        }
        const issued = codes.get(body['code'] ?? '');
        const verifier = body['code_verifier'];
        const verified = issued?.challenge == null || (typeof verifier === 'string' && createHash('sha256').update(verifier).digest('base64url') === issued.challenge);
        if (!issued || issued.used || !verified || (body['redirect_uri'] && body['redirect_uri'] !== issued.redirectUri)) {
          return reply(res, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        }
        issued.used = true;
        return reply(res, 200, { access_token: `gho_${randomBytes(18).toString('hex')}`, token_type: 'bearer', scope: issued.scope });
      });
      return;
    }
    reply(res, 404, 'Not Found', 'text/html');
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
