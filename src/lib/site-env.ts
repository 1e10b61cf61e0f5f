// The site build's environment variables, checked once when astro.config.mjs loads (astro build,
// dev and check), with the same field rules and one-line errors as the backend's
// (supabase/local/env.ts). This runs in Node only: the browser code goes on reading the PUBLIC_*
// values from import.meta.env, which Vite writes into the bundle as plain strings, so the client
// bundle is unchanged. Astro's astro:env would check them only in a build that imports
// `astro:env/client` (which would change the modules that read them), and cannot check SITE_URL
// and the output folders, which the configuration itself needs first.
import * as z from 'zod';
import { httpUrl, readEnv } from '../../supabase/local/env.ts';

/** decap-server's port when none is set: Decap CMS's own default. */
export const CMS_LOCAL_PORT = 8081;

/** The variables the build reads; each one is described in .env.example. */
export const siteEnvSchema = z.object({
  SITE_URL: httpUrl().default('https://www.bridgewayvisa.com'),
  ASTRO_OUT_DIR: z.string().default('./dist'),
  ASTRO_CACHE_DIR: z.string().default('./node_modules/.astro'),
  // Read by src/content.config.ts, which defaults to ./content.
  CONTENT_DIR: z.string().optional(),
  // Empty: the local backend (src/lib/supabase.ts).
  PUBLIC_SUPABASE_URL: httpUrl().optional(),
  PUBLIC_SUPABASE_ANON_KEY: z.string().optional(),
  // The optional CAPTCHA of the account forms (src/lib/auth/captcha.ts): off while empty.
  PUBLIC_CAPTCHA_PROVIDER: z.enum(['hcaptcha', 'turnstile'], { error: 'hcaptcha or turnstile' }).optional(),
  PUBLIC_CAPTCHA_SITE_KEY: z.string().optional(),
  // The content editor at /cms/ (src/integrations/cms.ts): the GitHub repository it saves to in
  // production, and the port of decap-server, which `npm start` runs against the working copy.
  CMS_GITHUB_REPO: z.string().regex(/^[\w.-]+\/[\w.-]+$/, { error: 'owner/name of a GitHub repository' }).optional(),
  CMS_LOCAL_PORT: z.coerce.number({ error: 'a port number' }).int({ error: 'a port number' }).min(1, { error: 'a port number' }).max(65535, { error: 'a port number' }).default(CMS_LOCAL_PORT),
});

/** The build's variables, parsed. */
export type SiteEnv = z.output<typeof siteEnvSchema>;

/** Reads and checks the build's variables from env; a bad value throws a ConfigError naming it. */
export function readSiteEnv(env: Record<string, string | undefined>): SiteEnv {
  return readEnv(siteEnvSchema, env);
}
