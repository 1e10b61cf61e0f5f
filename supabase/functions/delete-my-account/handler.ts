// "Delete my account": POST { password } with the signed-in visitor's access token. The password
// is checked again by signing in with it (the Auth server's own check, its rate limit included),
// then the account is deleted by public.delete_own_account with the service key: the one deletion
// staff use too (supabase/migrations/20261129000450_account_deletion.sql), which queues the
// removal of every file through the Storage API and the confirmation email in its transaction.
// Only the caller's own account: the id is the one the Auth server gives for the token, never one
// from the body. The service key is needed because the deletion removes the auth account, which
// no user's rights reach; it is used only once the password has proven the caller.
import * as z from 'zod';
import { answer, CORS, publicClient, serviceClient, signedInCaller, type UserProject } from '../_shared/signed-in.ts';

/** The longest password the Auth server takes (GoTrue refuses more than 72 bytes for bcrypt; a body beyond this is hostile). */
const MAX_PASSWORD = 1000;

const bodySchema = z.object({ password: z.string().min(1).max(MAX_PASSWORD) });

/** What the visitor reads for each refusal; the island shows `message` at the password field or above the form. */
export const DELETE_TEXTS = {
  noPassword: 'Enter your password to confirm.',
  wrongPassword: 'That password is not right. Enter the password you sign in with.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  staff: 'A staff account is deleted by an administrator, from the users list.',
  failed: 'Your account could not be deleted now. Nothing was deleted. Please try again.',
} as const;

/** Answers one request. */
export async function handleDelete(req: Request, project: UserProject): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return new Response(JSON.stringify({ error: 'method_not_allowed', message: 'Use POST.' }), { status: 405, headers: { ...CORS, allow: 'POST, OPTIONS', 'content-type': 'application/json; charset=utf-8' } });
  const caller = await signedInCaller(req, project);
  if ('refusal' in caller) return caller.refusal;
  const { user } = caller;

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    body = null;
  }
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) return answer(400, { error: 'no_password', field: 'password', message: DELETE_TEXTS.noPassword });
  if (!user.email) return answer(403, { error: 'no_password_account', message: DELETE_TEXTS.staff });

  // The password, checked by the Auth server. The session this makes goes with the account.
  const checker = publicClient(project);
  const signIn = await checker.auth.signInWithPassword({ email: user.email, password: parsed.data.password });
  if (signIn.error || signIn.data.user?.id !== user.id) {
    const status = signIn.error?.status ?? 400;
    if (status === 429) return answer(429, { error: 'too_many', message: DELETE_TEXTS.tooMany });
    if (status >= 500) return answer(502, { error: 'auth_unavailable', message: DELETE_TEXTS.failed });
    return answer(400, { error: 'wrong_password', field: 'password', message: DELETE_TEXTS.wrongPassword });
  }

  const { data, error } = await serviceClient(project).rpc('delete_own_account', { user_id: user.id });
  // Not deleted: the session the check made is ended, so it does not linger unused.
  if (error) await checker.auth.signOut({ scope: 'local' });
  if (error) {
    if (error.code === '42501') return answer(403, { error: 'staff_account', message: DELETE_TEXTS.staff });
    // Deleted meanwhile (another tab): what was asked is done.
    if (error.code === 'PT404') return answer(200, { deleted: true });
    console.error(`[delete-my-account] delete_own_account: ${error.message}`);
    return answer(502, { error: 'failed', message: DELETE_TEXTS.failed });
  }
  return answer(200, { deleted: true, applications_kept: data.applications_kept, files_removed: data.files_removed });
}
