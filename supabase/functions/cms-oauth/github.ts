// GitHub's OAuth web flow, as an OAuth App uses it (GitHub's guide "Authorizing OAuth apps"): the
// address that asks the editor to authorize, and the exchange of the code GitHub sends back for a
// token, both with PKCE (the S256 challenge at authorize, its verifier at the exchange; GitHub
// refuses a code issued for a challenge without the matching verifier). GitHub answers the exchange
// with 200 even when it refuses (`{ error, error_description }`), so its answer is read, not its
// status; its `error_description` is logged, never shown to the editor.
import * as z from 'zod';
import { CALLBACK_PATH, type OAuthSettings } from './settings.ts';

/** What an editor's token may do: `repo` for a private repository, `public_repo` for a public one (the CMS's `auth_scope`). */
export const SCOPES = ['repo', 'public_repo'] as const;
export type Scope = (typeof SCOPES)[number];

/** How long GitHub may take to answer the exchange. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/** The GitHub page that asks the editor to authorize the OAuth App. */
export function authorizeUrl(settings: OAuthSettings, scope: Scope, state: string, challenge: string): string {
  const url = new URL('/login/oauth/authorize', settings.githubUrl);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', settings.siteUrl + CALLBACK_PATH);
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  // No sign-up offered on the way: an editor already has an account with write access to the repository.
  url.searchParams.set('allow_signup', 'false');
  return url.toString();
}

const tokenAnswer = z.union([
  z.object({ access_token: z.string().min(1).max(1000), token_type: z.string(), scope: z.string() }),
  z.object({ error: z.string().max(200), error_description: z.string().max(1000).optional() }),
]);

/** The outcome of an exchange: a token, or GitHub's refusal (the code is bad, used or expired), or GitHub not answering as it should. */
export type Exchange = { token: string; scope: string } | { refused: string; description: string } | { unavailable: string };

/** Exchanges `code` and the window's PKCE verifier for a token at GitHub. */
export async function exchangeCode(settings: OAuthSettings, code: string, verifier: string): Promise<Exchange> {
  let res: Response;
  try {
    res = await fetch(new URL('/login/oauth/access_token', settings.githubUrl), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: settings.clientId, client_secret: settings.clientSecret, code, code_verifier: verifier, redirect_uri: settings.siteUrl + CALLBACK_PATH }),
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
  } catch (error) {
    return { unavailable: `GitHub could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { unavailable: `GitHub answered ${res.status} without JSON` };
  }
  const parsed = tokenAnswer.safeParse(body);
  if (!res.ok || !parsed.success) return { unavailable: `GitHub answered ${res.status} with an unexpected body` };
  if ('error' in parsed.data) return { refused: parsed.data.error, description: parsed.data.error_description ?? '' };
  return { token: parsed.data.access_token, scope: parsed.data.scope };
}
