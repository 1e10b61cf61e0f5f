// The CMS's GitHub sign-in (handler.ts): the client secret stays here, the browser's part is the
// site's static /cms/oauth pages. Deployed with verify_jwt = false (supabase/config.toml): the
// editor's browser calls it before anyone is signed in. Its secrets: GITHUB_OAUTH_CLIENT_ID,
// GITHUB_OAUTH_CLIENT_SECRET and SITE_URL (docs/deploy.md, "CMS sign-in"); SUPABASE_URL and the
// service key (to spend each state once) are set by Supabase. Without them it answers 503 naming
// the variables to set (never their values): a sign-in that is not set up yet is not a crash, and
// whoever deploys reads what is missing in the sign-in window itself.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../_shared/client.ts';
import { readProject } from '../_shared/project.ts';
import { json } from '../_shared/respond.ts';
import { type Env, Misconfigured } from '../_shared/settings.ts';
import { handleOAuth, type SpendState } from './handler.ts';
import { notConfigured, readOAuthSettings } from './settings.ts';

const env: Env = (name) => Deno.env.get(name);

Deno.serve((req) => {
  let settings: ReturnType<typeof readOAuthSettings>;
  let spend: SpendState;
  try {
    settings = readOAuthSettings(env);
    const project = readProject(env);
    const client = createClient<Database>(project.url, project.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    spend = async ({ nonce, expires }) => {
      const { data, error } = await client.rpc('spend_cms_oauth_state', { state_nonce: nonce, state_expires_at: new Date(expires * 1000).toISOString() });
      if (error) throw new Error(error.message);
      return data === true;
    };
  } catch (error) {
    if (!(error instanceof Misconfigured)) throw error;
    console.error(`[cms-oauth] not configured: ${error.problems.join(' ')}`);
    const { status, body, headers } = notConfigured(env, error.names);
    return json(status, body, headers);
  }
  return handleOAuth(req, settings, spend);
});
