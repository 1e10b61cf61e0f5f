// Where the browser journeys run: the built site on E2E_PORT talking to its own embedded backend on
// E2E_BACKEND_PORT (a fresh in-memory database with supabase/seed.sql, and the Edge Functions in
// Deno), so a developer's `npm start` on 4321/54321 is never touched. playwright.config.ts starts
// both; the tests read these values.
import { localFunctionSecrets } from '../../../supabase/local/functions/local-secrets.ts';

/** Port of the preview server the browser tests open. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4329);
/** Port of the backend the e2e build of the site talks to. */
const E2E_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54329);
/** Port of that backend's SMTP catcher, which its notification function sends to (default: the backend's port + 10000). */
const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_BACKEND_PORT + 10_000);
/** Port of the stand-in for GitHub's OAuth endpoints that the CMS sign-in test starts (default: the backend's port - 10000). */
const E2E_GITHUB_PORT = Number(process.env.E2E_GITHUB_PORT ?? E2E_BACKEND_PORT - 10_000);
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_GITHUB_URL = `http://127.0.0.1:${E2E_GITHUB_PORT}`;
/** The OAuth App the e2e backend's cms-oauth function signs in with, at the stand-in (tests/e2e/cms-sign-in.spec.ts). */
export const E2E_GITHUB_APP = { clientId: 'Ov23liE2eTestClient01', clientSecret: 'e2e0'.repeat(10) };
export const E2E_API_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
/**
 * The e2e build goes to its own folder, one per port: it points at its e2e backend (unlike
 * `npm start`'s dist/), and two suites on other ports must not overwrite each other's build.
 */
export const E2E_OUT_DIR = `./.e2e/dist-${E2E_PORT}`;

/**
 * The backend's environment for browser tests. Many journeys sign up, sign in and resend mail from
 * one address (127.0.0.1) within seconds, so the per-address limits and the email interval are
 * raised here; tests/api checks the real limits of supabase/config.toml. The functions' secrets
 * are given explicitly, as npm start gives them: links to the e2e site, mail to the e2e catcher
 * (never a real SMTP server from a developer's .env).
 */
export const E2E_BACKEND_ENV: Record<string, string> = {
  ...localFunctionSecrets({ siteUrl: E2E_SITE_URL, senderEmail: 'notifications@bridgewayvisa.com' }, E2E_SMTP_PORT),
  GITHUB_OAUTH_CLIENT_ID: E2E_GITHUB_APP.clientId,
  GITHUB_OAUTH_CLIENT_SECRET: E2E_GITHUB_APP.clientSecret,
  GITHUB_OAUTH_BASE_URL: E2E_GITHUB_URL,
  BACKEND_PORT: String(E2E_BACKEND_PORT),
  SMTP_CATCHER_PORT: String(E2E_SMTP_PORT),
  API_EXTERNAL_URL: E2E_API_URL,
  PGLITE_DATA_DIR: 'memory://',
  SITE_PORT: String(E2E_PORT),
  SITE_URL: E2E_SITE_URL,
  AUTH_ADDITIONAL_REDIRECT_URLS: `${E2E_SITE_URL}/**`,
  BCRYPT_COST: '4',
  SMTP_MAX_FREQUENCY: '0',
  AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  // Every staff sign-in of the browser tests is a challenge and a verification from 127.0.0.1.
  AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: '100000',
};

/** The site's build environment for browser tests: its supabase-js client calls the e2e backend. */
export const E2E_SITE_ENV: Record<string, string> = {
  PUBLIC_SUPABASE_URL: E2E_API_URL,
  ASTRO_OUT_DIR: E2E_OUT_DIR,
  ASTRO_CACHE_DIR: `./.e2e/cache-${E2E_PORT}`,
};
