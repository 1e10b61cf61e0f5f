// The id of a visa application the browser has just stored. The insert returns no row (the form
// tables are written with return=minimal), so the id is read back by the submission's idempotency
// key, which the applicant's own read policy lets them see; documents are stored under that id.
import { failed, succeeded, type Result } from '../result.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { toFailure } from './errors.ts';

/** The id of the caller's application stored with `clientKey`; `failure` is the text when it cannot be read. */
export async function applicationIdFor(clientKey: string, failure: string): Promise<Result<string>> {
  try {
    const supabase = await loadSupabase();
    const { data, error, status } = await supabase.from('visa_applications').select('id').eq('client_key', clientKey).maybeSingle();
    if (error) return toFailure({ ...error, status }, failure, failure);
    return data ? succeeded((data as { id: string }).id) : failed('refused', failure);
  } catch (thrown) {
    return toFailure(thrown, failure, failure);
  }
}
