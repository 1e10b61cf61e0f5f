// One-click unsubscribe (RFC 8058) as a web-standard Request → Response handler, served by
// index.ts (in Deno, hosted and locally alike).
// - GET ?token=…: a person opened the link: 303 to the site's /unsubscribe page (the token in its fragment), which asks first
//   (mail scanners open links; they must not unsubscribe anyone).
// - POST ?token=… with the body `List-Unsubscribe=One-Click`: the mail client's one-click request.
// - POST with JSON `{ "token": "…" }`: the site's /unsubscribe page.
// Both POSTs call public.unsubscribe_newsletter with the project's public key (settings.ts), in
// `apikey` alone: the token alone is the permission.

import { LINK_TOKEN_PATTERN, linkWithToken } from '../../../common/link-token.ts';

export interface UnsubscribeEnv {
  /** The project's API URL (SUPABASE_URL). */
  supabaseUrl: string;
  /** A key that may call the RPC as anon: the anon key or a publishable key (sent as `apikey` only). */
  apiKey: string;
  /** The site's origin, where the /unsubscribe page is. */
  siteUrl: string;
}

// The site's page calls this from its own origin; the answer holds nothing private, so any origin may read it.
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization, apikey, x-client-info',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS, 'content-type': 'application/json; charset=utf-8' } });
}

/** Answers one unsubscribe request. */
export async function handleUnsubscribe(req: Request, env: UnsubscribeEnv): Promise<Response> {
  const url = new URL(req.url);
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method === 'GET') {
    // The page gets the token in its fragment, which no request carries (common/link-token.ts).
    const page = new URL('/unsubscribe', env.siteUrl);
    const token = url.searchParams.get('token');
    return new Response(null, { status: 303, headers: { ...CORS, location: token ? linkWithToken(page, token) : page.toString() } });
  }
  if (req.method !== 'POST') return json(405, { message: 'Use GET or POST' });
  const token = await tokenOf(req, url);
  // Not shaped like a token: no call to the project (which would refuse it with 400 too).
  if (!token || !LINK_TOKEN_PATTERN.test(token)) return json(400, { message: 'The unsubscribe link is not valid' });
  const found = await unsubscribe(env, token);
  if (found === null) return json(502, { message: 'Could not unsubscribe now. Please try again later.' });
  return found ? json(200, { unsubscribed: true }) : json(404, { unsubscribed: false, message: 'No subscription has this link' });
}

/** Whether a subscriber has the token (now unsubscribed), or null when the project could not answer (unreachable, an error, or not JSON). */
async function unsubscribe(env: UnsubscribeEnv, token: string): Promise<boolean | null> {
  try {
    const res = await fetch(`${env.supabaseUrl}/rest/v1/rpc/unsubscribe_newsletter`, {
      method: 'POST',
      headers: { apikey: env.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!res.ok) return null;
    return (await res.json()) === true;
  } catch (error) {
    console.error(`unsubscribe_newsletter: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** The token of a JSON body, or of the query for the one-click form body. */
async function tokenOf(req: Request, url: URL): Promise<string | null> {
  const type = req.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body: unknown = await req.json();
      const token = typeof body === 'object' && body !== null ? (body as { token?: unknown }).token : undefined;
      return typeof token === 'string' ? token : null;
    } catch {
      return null;
    }
  }
  return url.searchParams.get('token');
}
