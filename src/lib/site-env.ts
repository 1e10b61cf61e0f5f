// The site build's environment variables, checked once when astro.config.mjs loads (astro build,
// dev and check), with the same field rules and one-line errors as the backend's
// (common/env.ts, supabase/local/env.ts). This runs in Node only: the browser code goes on reading the PUBLIC_*
// values from import.meta.env, which Vite writes into the bundle as plain strings, so the client
// bundle is unchanged. Astro's astro:env would check them only in a build that imports
// `astro:env/client` (which would change the modules that read them), and cannot check SITE_URL
// and the output folders, which the configuration itself needs first.
import * as z from 'zod';
import { ConfigError, flag, httpUrl, readEnv } from '../../common/env.ts';

/** decap-server's port when none is set: Decap CMS's own default. */
export const CMS_LOCAL_PORT = 8081;

/** The variables the build reads; each one is described in .env.example. */
export const siteEnvSchema = z.object({
  SITE_URL: httpUrl().default('https://www.bridgewayvisa.com'),
  ASTRO_OUT_DIR: z.string().default('./dist'),
  ASTRO_CACHE_DIR: z.string().default('./node_modules/.astro'),
  // Read by src/content.config.ts, which defaults to ./content.
  CONTENT_DIR: z.string().optional(),
  // Read by src/lib/content/news.ts: `true` shows drafts and scheduled news, marked, in a build (a
  // deploy preview's); production leaves it unset. `astro dev` always shows them.
  SHOW_UNPUBLISHED: z.enum(['true', 'false'], { error: 'true or false' }).optional(),
  // Empty: the local backend (src/lib/supabase.ts), except in a production build (below).
  PUBLIC_SUPABASE_URL: httpUrl().optional(),
  PUBLIC_SUPABASE_ANON_KEY: z.string().optional(),
  // The optional CAPTCHA of the account forms (src/lib/captcha.ts): off while empty.
  PUBLIC_CAPTCHA_PROVIDER: z.enum(['hcaptcha', 'turnstile'], { error: 'hcaptcha or turnstile' }).optional(),
  PUBLIC_CAPTCHA_SITE_KEY: z.string().optional(),
  // A build for production on a host that sets none of HOST_VARIABLES (below).
  PRODUCTION_BUILD: flag().default(false),
  // The content editor at /cms/ (src/integrations/cms.ts): the GitHub repository it saves to in
  // production, and the port of decap-server, which `npm start` runs against the working copy.
  CMS_GITHUB_REPO: z.string().regex(/^[\w.-]+\/[\w.-]+$/, { error: 'owner/name of a GitHub repository' }).optional(),
  CMS_LOCAL_PORT: z.coerce.number({ error: 'a port number' }).int({ error: 'a port number' }).min(1, { error: 'a port number' }).max(65535, { error: 'a port number' }).default(CMS_LOCAL_PORT),
});

/** The build's variables, parsed. */
export type SiteEnv = z.output<typeof siteEnvSchema>;

/**
 * What says a build is for the public web: a CDN host's own variable (Netlify sets NETLIFY,
 * Cloudflare Pages CF_PAGES, Vercel VERCEL), or PRODUCTION_BUILD=true for any other host. Not
 * CI: the tests build the site with CI set, against the local backend.
 */
const HOST_VARIABLES = ['NETLIFY', 'CF_PAGES', 'VERCEL'] as const;

/** The variable that makes this a production build, or undefined for a local one (PRODUCTION_BUILD must be valid). */
export function productionBuildVariable(env: Record<string, string | undefined>): string | undefined {
  const host = HOST_VARIABLES.find((name) => {
    const value = env[name]?.trim().toLowerCase();
    return value !== undefined && value !== '' && value !== 'false' && value !== '0';
  });
  return host ?? (readEnv(siteEnvSchema.pick({ PRODUCTION_BUILD: true }), env).PRODUCTION_BUILD ? 'PRODUCTION_BUILD' : undefined);
}

/** The project's variables a production build may not leave empty: without them the site would call the local backend. */
const PRODUCTION_REQUIRED = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY'] as const;

/**
 * Reads and checks the build's variables from env; a bad value throws a ConfigError naming it, and
 * so does a production build without the Supabase project's URL or key (a local build falls back
 * to the local backend's).
 */
export function readSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  const parsed = readEnv(siteEnvSchema, env);
  const production = productionBuildVariable(env);
  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !parsed[name]);
    if (missing.length) {
      throw new ConfigError(
        missing
          .map((name) => `Missing environment variable ${name}: a production build (${production} is set) must name the Supabase project (Project Settings → API), or the site would call the local backend at 127.0.0.1:54321.`)
          .join('\n'),
      );
    }
  }
  return parsed;
}
