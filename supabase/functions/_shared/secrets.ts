// The secrets the functions read, besides what Supabase gives every function (SUPABASE_URL, the
// keys). On a hosted project each is set once with `supabase secrets set NAME=value`
// (docs/deploy.md); locally `npm start` passes each to the embedded backend, which hands these and
// no other variable of its own to Deno (supabase/local/functions/runtime.ts). A function reads
// nothing else: a name missing here is a type error in the settings that read it. No imports, so
// the backend (Node) reads this list too.

/** Each secret a function reads, with what it holds (printed by `npm run deploy:check`). */
export const FUNCTION_SECRETS = {
  SITE_URL: "the site's origin, e.g. https://www.bridgewayvisa.com: links in emails and the unsubscribe page",
  MAIL_FROM_EMAIL: 'the From address of every email the functions send, one a mail provider may send for',
  MAIL_SMTP_HOST: "the mail provider's SMTP server",
  MAIL_SMTP_PORT: '465 (implicit TLS) or 2525 (STARTTLS): hosted functions cannot reach ports 25 and 587',
  MAIL_SMTP_USER: 'the SMTP login (with MAIL_SMTP_PASS; both or neither)',
  MAIL_SMTP_PASS: 'the SMTP password',
  MAIL_SMTP_TIMEOUT_MS: 'optional: milliseconds one SMTP step may take (default 5000)',
  GITHUB_OAUTH_CLIENT_ID: "the Client ID of the GitHub OAuth App the CMS signs in with (cms-oauth; docs/deploy.md, step 11)",
  GITHUB_OAUTH_CLIENT_SECRET: "a client secret of that OAuth App; it also signs each sign-in's state",
  GITHUB_OAUTH_BASE_URL: 'optional: where GitHub\'s OAuth endpoints are (default https://github.com; the tests point it at a stand-in)',
} as const;

export type FunctionSecret = keyof typeof FUNCTION_SECRETS;

/** What Supabase sets in every hosted function's environment (its guide "Environment Variables"), and the backend locally. */
export const INJECTED = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEYS'] as const;

export type InjectedVariable = (typeof INJECTED)[number];
