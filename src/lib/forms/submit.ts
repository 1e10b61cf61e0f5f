// How every form stores its submission: one request through supabase-js, its answer turned into
// what the form shows. supabase-js is imported on first use, so a form's island does not carry it
// in its own chunk and pages without a form never download it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { submitErrorMessage, type SubmitError } from './errors.ts';
import type { FieldErrors } from './validate.ts';

export type StoreOutcome = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

/** A supabase-js request as far as the outcome needs it (a PostgREST insert or rpc). */
type Request = (supabase: SupabaseClient) => PromiseLike<{ error: (SubmitError & { details?: string | null }) | null }>;

/** Loads (once) the site's supabase-js client; forms call it early to have it ready on submit. */
export async function loadClient(): Promise<SupabaseClient> {
  const { getSupabase } = await import('../supabase.ts');
  return getSupabase();
}

/**
 * True when an insert failed only because a row with this idempotency key is already stored:
 * the earlier attempt succeeded and its answer was lost, or a second click raced the first.
 */
export function isDuplicateSubmission(error: { code?: string | undefined; message?: string | undefined; details?: string | null | undefined }): boolean {
  return error.code === '23505' && /client_key/.test(`${error.message ?? ''} ${error.details ?? ''}`);
}

/**
 * Sends `request` and reports the outcome: success (also for a duplicate idempotency key), or
 * the form's `failure` text (the offline and rate-limit messages where they apply). `fieldFor`
 * names the field a database message is about (the booking date judged in the past, say).
 */
export async function store(request: Request, failure: string, fieldFor: Record<string, string> = {}): Promise<StoreOutcome> {
  let error: (SubmitError & { details?: string | null }) | null;
  try {
    ({ error } = await request(await loadClient()));
  } catch (thrown) {
    // The chunk with supabase-js could not be loaded (offline: "Failed to fetch dynamically
    // imported module"), or fetch itself threw; submitErrorMessage tells the two kinds apart.
    error = {
      message: thrown instanceof Error ? thrown.message : String(thrown),
    };
  }
  if (!error || isDuplicateSubmission(error)) return { ok: true };
  const field = error.message ? fieldFor[error.message] : undefined;
  return {
    ok: false,
    message: submitErrorMessage(error, failure),
    ...(field ? { fieldErrors: { [field]: error.message! } } : {}),
  };
}

/** Inserts one row into `table` (return=minimal: visitors cannot read rows back). */
export function insertRow(table: string, row: Record<string, unknown>, failure: string, fieldFor?: Record<string, string>) {
  return store((supabase) => supabase.from(table).insert(row), failure, fieldFor);
}
