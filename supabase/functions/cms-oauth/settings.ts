// What cms-oauth needs from its environment (../_shared/secrets.ts lists the names): the GitHub
// OAuth App's client id and secret, the site's origin (the callback page GitHub sends editors back
// to, and the only origin that may call the function from a browser), and where GitHub's OAuth
// endpoints are (https://github.com unless a test points it at its stand-in).
import * as z from 'zod';
import { type Env, httpUrl, readSettings } from '../_shared/settings.ts';

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  /** The site's origin, e.g. https://www.bridgewayvisa.com. */
  siteUrl: string;
  /** GitHub's web origin, where /login/oauth/authorize and /login/oauth/access_token are. */
  githubUrl: string;
}

/** The page GitHub sends an editor back to: a static page of the site (src/pages/cms/oauth-callback.astro). */
export const CALLBACK_PATH = '/cms/oauth-callback';

const CLIENT_ID = "the OAuth App's Client ID";
const CLIENT_SECRET = 'a client secret of the OAuth App (40 hex digits)';

const oauthSchema = z.object({
  // GitHub's client ids are 20 characters (Iv1.… or Ov23…); any plain token is taken.
  GITHUB_OAUTH_CLIENT_ID: z.string({ error: CLIENT_ID }).regex(/^[\w.-]{8,100}$/, { error: CLIENT_ID }),
  GITHUB_OAUTH_CLIENT_SECRET: z.string({ error: CLIENT_SECRET }).min(20, { error: CLIENT_SECRET }),
  SITE_URL: httpUrl(),
  GITHUB_OAUTH_BASE_URL: httpUrl().default('https://github.com'),
});

/** Reads the settings; throws Misconfigured naming each bad variable. */
export function readOAuthSettings(env: Env): OAuthSettings {
  const s = readSettings(oauthSchema, env);
  return { clientId: s.GITHUB_OAUTH_CLIENT_ID, clientSecret: s.GITHUB_OAUTH_CLIENT_SECRET, siteUrl: new URL(s.SITE_URL).origin, githubUrl: s.GITHUB_OAUTH_BASE_URL };
}

/**
 * The answer while the function lacks settings: 503 naming the variables to set (names only), with
 * the CORS headers of SITE_URL when that one is readable, so the sign-in window can show it.
 */
export function notConfigured(env: Env, names: string[]): { status: 503; body: { error: 'not_configured'; message: string; missing: string[] }; headers: Record<string, string> } {
  const site = httpUrl().safeParse(env('SITE_URL')?.trim());
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (site.success) Object.assign(headers, { 'access-control-allow-origin': new URL(site.data).origin, vary: 'origin' });
  return {
    status: 503,
    body: { error: 'not_configured', message: `The CMS sign-in is not set up yet: set ${names.join(', ')} in the cms-oauth function's secrets (docs/deploy.md, step 11).`, missing: names },
    headers,
  };
}
