// The "Download my data" Edge Function (handler.ts), called by /profile with the visitor's access
// token. Deployed with verify_jwt = false (supabase/config.toml): it asks the Auth server about
// the token itself (_shared/signed-in.ts). SUPABASE_URL and the keys are set by Supabase.
import { misconfigured } from '../_shared/respond.ts';
import { Misconfigured } from '../_shared/settings.ts';
import { readUserProject, type UserProject } from '../_shared/signed-in.ts';
import { handleExport } from './handler.ts';

Deno.serve((req) => {
  let project: UserProject;
  try {
    project = readUserProject((name) => Deno.env.get(name));
  } catch (error) {
    if (error instanceof Misconfigured) return misconfigured('export-my-data', error.problems);
    throw error;
  }
  return handleExport(req, project);
});
