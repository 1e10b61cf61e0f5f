// How the booking form stores a booking. Without a CAPTCHA in the build, one insert with the anon
// key, as every public form. With one (src/lib/captcha.ts), the widget's token is spent on an
// anonymous sign-in first, which is where hosted Auth checks the challenge (and limits sign-ins per
// address), and the booking is inserted with that session, on a client of its own that keeps it in
// memory only; a database that requires the CAPTCHA (booking_rules.captcha_required) refuses the
// bare anon key, so skipping the widget does not skip the check. docs/deploy.md turns it on.
import { captchaConfig, takeCaptcha } from '../captcha.ts';
import type { SiteClient } from '../database.ts';
import { failed, type Result } from '../result.ts';
import { loadSubmissionClient } from '../supabase-loader.ts';
import { BOOKING_FAILURE, type Booking } from './booking.ts';
import { authRefusal, toFailure } from './errors.ts';
import { store } from './submit.ts';

const insert = ({ website, ...booking }: Booking, clientKey: string) => (supabase: SiteClient) =>
  // The database judges the moment in Lagos and the slot too; its refusals (a clock that disagrees,
  // a slot taken meanwhile) go to their field, the date or the time (src/lib/forms/errors.ts knows
  // them by their SQLSTATE), and the times are read again.
  supabase.from('bookings').insert({ ...booking, website: website || null, client_key: clientKey });

/** Stores the booking (`clientKey`: the submission's idempotency key), with the CAPTCHA's session when the build has one. */
export async function storeBooking(booking: Booking, clientKey: string): Promise<Result> {
  if (!captchaConfig()) return store(insert(booking, clientKey), BOOKING_FAILURE);
  let client: SiteClient;
  try {
    client = await loadSubmissionClient();
    const { error } = await client.auth.signInAnonymously({ options: takeCaptcha() });
    // Auth's refusal (the challenge not solved or not accepted, too many sign-ins) in its own words.
    if (error) return error.status && error.status < 500 ? failed('refused', authRefusal(error)) : toFailure(error, BOOKING_FAILURE, BOOKING_FAILURE);
  } catch (thrown) {
    // supabase-js could not be loaded (offline), or something threw.
    return toFailure(thrown, BOOKING_FAILURE, BOOKING_FAILURE);
  }
  return store(insert(booking, clientKey), BOOKING_FAILURE, client);
}
