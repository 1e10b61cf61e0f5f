// How every public form stores its submission: one request through supabase-js, its answer turned
// into a Result (src/lib/result.ts) with the form's own texts.
import type { SiteClient } from '../database.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { fieldRefusal, toFailure } from './errors.ts';

interface RequestError {
  message?: string | undefined;
  code?: string | undefined;
  details?: string | null | undefined;
}

/** A supabase-js request as far as the result needs it (a PostgREST insert, return=minimal since visitors cannot read rows back, or an rpc). */
type Request = (supabase: SiteClient) => PromiseLike<{ error: RequestError | null; status: number }>;

/**
 * True when an insert failed only because a row with this idempotency key is already stored:
 * the earlier attempt succeeded and its answer was lost, or a second click raced the first.
 */
export function isDuplicateSubmission(error: RequestError): boolean {
  return error.code === '23505' && /client_key/.test(`${error.message ?? ''} ${error.details ?? ''}`);
}

/**
 * Sends `request`: success (also for a duplicate idempotency key), or the form's `failure` text
 * (the offline and rate-limit messages where they apply). A refusal the database ties to a field
 * (the booking date judged in the past, a slot filled meanwhile: errors.ts knows them by their
 * SQLSTATE) is shown at that field only. `client`: another than the site's (store-booking.ts).
 */
export async function store(request: Request, failure: string, client?: SiteClient): Promise<Result> {
  try {
    const { error, status } = await request(client ?? (await loadSupabase()));
    if (!error || isDuplicateSubmission(error)) return succeeded();
    // Said once, at its field: the form's general failure beside it would read as a second problem.
    const atField = fieldRefusal(error);
    if (atField) return failed('refused', '', atField);
    return toFailure({ ...error, status }, failure, failure);
  } catch (thrown) {
    // The chunk with supabase-js could not be loaded (offline), or something threw.
    return toFailure(thrown, failure, failure);
  }
}
