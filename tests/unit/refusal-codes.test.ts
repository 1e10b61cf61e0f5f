// Refusals known by their code, never by their English (src/lib/forms/errors.ts), tested with the
// answers hosted Supabase gives (tests/support/hosted-errors.ts, pinned from GoTrue's, PostgREST's
// and Storage's source): each answer goes through supabase-js's own parsing (a client whose fetch
// returns it), so what the mapping reads is what supabase-js makes of the real body.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../common/database.types.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRefusal, fieldRefusal, isSessionGone, staffDocumentRefusal, toFailure, uploadFailureKind } from '../../src/lib/forms/errors.ts';
import { uploadFailure } from '../../src/lib/documents/upload.ts';
import { GOTRUE, POSTGREST, STORAGE, type HostedAnswer } from '../support/hosted-errors.ts';
import { ACCOUNT_TEXTS, ADMIN_DOCUMENT_TEXTS, AUTH_REFUSAL_TEXTS, DOCUMENT_REFUSAL_TEXTS, FORM_TEXTS } from '../support/spec-texts.ts';

afterEach(() => vi.restoreAllMocks());

/** A supabase-js client whose every request is answered with `answer`. */
function answering(answer: HostedAnswer): SupabaseClient<Database> {
  const respond = async () => new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  return createClient<Database>('https://project.supabase.co', 'anon-key', {
    global: { fetch: respond },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

const FAILURE = 'The form’s own failure text.';

describe('GoTrue: the words for each code', () => {
  const signIn = async (answer: HostedAnswer) => (await answering(answer).auth.signInWithPassword({ email: 'ada@example.com', password: 'long enough' })).error;
  const signUp = async (answer: HostedAnswer) => (await answering(answer).auth.signUp({ email: 'ada@example.com', password: 'long enough' })).error;
  const reset = async (answer: HostedAnswer) => (await answering(answer).auth.resetPasswordForEmail('ada@example.com')).error;

  it.each([
    ['wrong credentials (the specification’s text, GoTrue’s own)', () => signIn(GOTRUE.invalidCredentials()), ACCOUNT_TEXTS.invalidCredentials],
    ['a password too short (GoTrue’s own words)', () => signUp(GOTRUE.weakPassword(['length'], 'Password should be at least 8 characters.')), AUTH_REFUSAL_TEXTS.tooShort],
    [
      'a password short and pwned',
      () =>
        signUp(
          GOTRUE.weakPassword(
            ['length', 'pwned'],
            'Password should be at least 8 characters. Password is known to be weak and easy to guess, please choose a different one.',
          ),
        ),
      `${AUTH_REFUSAL_TEXTS.tooShort} ${AUTH_REFUSAL_TEXTS.pwned}`,
    ],
    ['a password over 72 bytes', () => signUp(GOTRUE.passwordTooLong()), AUTH_REFUSAL_TEXTS.validationFailed],
    ['a malformed address', () => signUp(GOTRUE.emailInvalidFormat()), AUTH_REFUSAL_TEXTS.validationFailed],
    ['an address that bounced', () => signUp(GOTRUE.emailAddressInvalid('ada@example.com')), AUTH_REFUSAL_TEXTS.addressInvalid],
    ['an address hosted’s default mail server will not send to', () => reset(GOTRUE.emailNotAuthorized('ada@example.com')), AUTH_REFUSAL_TEXTS.addressNotAuthorized],
    ['an email asked for again too soon', () => reset(GOTRUE.emailTooSoon(42)), AUTH_REFUSAL_TEXTS.emailTooSoon],
    ['the project’s hourly email limit', () => signUp(GOTRUE.emailRateLimit()), AUTH_REFUSAL_TEXTS.emailTooSoon],
    ['the request limit', () => signIn(GOTRUE.requestRateLimit()), AUTH_REFUSAL_TEXTS.tooManyRequests],
    ['a missing CAPTCHA', () => signIn(GOTRUE.captchaMissing()), AUTH_REFUSAL_TEXTS.captcha],
    ['signups switched off', () => signUp(GOTRUE.signupDisabled()), AUTH_REFUSAL_TEXTS.signupDisabled],
    ['email signups switched off', () => signUp(GOTRUE.emailSignupsDisabled()), AUTH_REFUSAL_TEXTS.emailDisabled],
    ['a banned user', () => signIn(GOTRUE.userBanned()), AUTH_REFUSAL_TEXTS.banned],
  ])('%s', async (_case, refuse, expected) => {
    const error = await refuse();
    expect(error).not.toBeNull();
    expect(authRefusal(error)).toBe(expected);
    // Through toFailure, as the account forms use it: a refusal, never the offline or spam-limit text.
    const { error: failure } = toFailure(error, authRefusal(error));
    expect(failure.message).toBe(expected);
    expect(failure.message).not.toBe(FORM_TEXTS.rateLimit);
  });

  it('takes GoTrue’s timeout (504) for no answer, as supabase-js does (AuthRetryableFetchError)', async () => {
    const error = await reset(GOTRUE.requestTimeout());
    expect(error?.name).toBe('AuthRetryableFetchError');
    expect(toFailure(error, authRefusal(error)).error).toEqual({ kind: 'network', message: FORM_TEXTS.offline });
  });

  it('keeps the same password’s refusal in GoTrue’s own words', () => {
    const error = { name: 'AuthApiError', status: 422, code: 'same_password', message: GOTRUE.samePassword().body.message };
    expect(authRefusal(error)).toBe(AUTH_REFUSAL_TEXTS.samePassword);
  });

  it('knows an ended session by its code, and by supabase-js finding none', async () => {
    const { error } = await answering(GOTRUE.sessionNotFound()).auth.getUser('a.jwt.token');
    expect(isSessionGone(error)).toBe(true);
    expect(authRefusal(error)).toBe(AUTH_REFUSAL_TEXTS.sessionGone);
    const missing = (await answering(GOTRUE.invalidCredentials()).auth.updateUser({ password: 'a new password' })).error;
    expect(missing?.name).toBe('AuthSessionMissingError');
    expect(isSessionGone(missing)).toBe(true);
    expect(isSessionGone(await signIn(GOTRUE.invalidCredentials()))).toBe(false);
  });

  it('shows none of GoTrue’s English for a code nobody mapped, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await signIn(GOTRUE.unknownCode());
    expect(authRefusal(error)).toBe(AUTH_REFUSAL_TEXTS.unexpected);
    expect(logged).toHaveBeenCalledWith('Unexpected auth refusal:', error);
  });

  it('reads the code, not the message: the same code in other words maps the same', () => {
    const reworded = { name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Identifiants invalides' };
    expect(authRefusal(reworded)).toBe(ACCOUNT_TEXTS.invalidCredentials);
  });
});

/** A booking the stubbed database refuses; what it says is the answer's. */
const PAST_BOOKING = { full_name: 'Ada Obi', email: 'ada@example.com', phone: '+234 802 000 0000', country: 'Nigeria' as const, date: '2000-01-01', time: '10:00' };

describe('PostgREST: refusals at a field, by SQLSTATE', () => {
  const insert = async (answer: HostedAnswer) => {
    const { error, status } = await answering(answer).from('bookings').insert(PAST_BOOKING);
    return { ...error, status };
  };

  it('puts a past booking date at the date field', async () => {
    expect(fieldRefusal(await insert(POSTGREST.bookingDateInPast()))).toEqual({ date: 'The booking date cannot be in the past.' });
  });

  it('does so under minimal verbosity too (code and message only)', async () => {
    expect(fieldRefusal(await insert(POSTGREST.bookingDateInPastMinimal()))).toEqual({ date: 'The booking date cannot be in the past.' });
  });

  it('puts a booking time already past in Lagos at the time field', async () => {
    expect(fieldRefusal(await insert(POSTGREST.bookingTimePassed()))).toEqual({ time: 'The booking time has already passed in Lagos (WAT).' });
  });

  it.each([
    ['a date with no open time left', () => POSTGREST.bookingDateClosed(), { date: 'There are no consultation times left on this date. Please choose another date.' }],
    ['a time that is not an open slot', () => POSTGREST.bookingTimeNotOpen(), { time: 'This time is not open for booking. Please choose one of the times offered.' }],
    ['a slot filled meanwhile', () => POSTGREST.bookingSlotFull(), { time: 'This time has just been fully booked. Please choose another time.' }],
    ['one client address over its upcoming bookings', () => POSTGREST.bookingClientLimit(), { date: 'You already have several upcoming consultations booked with us. To book another, please call or WhatsApp us.' }],
  ])('puts the slot rules’ refusal of %s at its field', async (_case, answer, expected) => {
    expect(fieldRefusal(await insert(answer()))).toEqual(expected);
  });

  it('puts a future date of birth at the dob field', async () => {
    expect(fieldRefusal(await insert(POSTGREST.birthDateInFuture()))).toEqual({ dob: 'The date of birth cannot be in the future.' });
  });

  it('ties no other refusal to a field, whatever its message says', async () => {
    expect(fieldRefusal(await insert(POSTGREST.checkViolation()))).toBeUndefined();
    expect(fieldRefusal(await insert(POSTGREST.enumViolation()))).toBeUndefined();
    expect(fieldRefusal({ code: '23514', message: 'The booking date cannot be in the past.' })).toBeUndefined();
  });

  it('gives staff’s document actions their refusals by code, and anything else the action’s own text', async () => {
    const review = async (answer: HostedAnswer) => (await answering(answer).rpc('review_document', { object_id: 'x', verdict: 'accepted' })).error;
    expect(staffDocumentRefusal(await review(POSTGREST.applicationDecided()), FAILURE)).toBe(ADMIN_DOCUMENT_TEXTS.decided);
    expect(staffDocumentRefusal(await review(POSTGREST.documentProvidedMeanwhile()), FAILURE)).toBe(ADMIN_DOCUMENT_TEXTS.providedMeanwhile);
    expect(staffDocumentRefusal(await review(POSTGREST.documentGone()), FAILURE)).toBe(ADMIN_DOCUMENT_TEXTS.documentGone);
    expect(staffDocumentRefusal(await review(POSTGREST.checkViolation()), FAILURE)).toBe(FAILURE);
    expect(staffDocumentRefusal({ code: '22023', message: 'This document is no longer there.' }, FAILURE)).toBe(FAILURE);
  });

  it('gives the spam limit its own message, and a check violation or a value outside an enum the form’s text', async () => {
    expect(toFailure(await insert(POSTGREST.spamLimit()), FAILURE).error).toEqual({ kind: 'rate-limit', message: FORM_TEXTS.rateLimit });
    expect(toFailure(await insert(POSTGREST.checkViolation()), FAILURE).error).toEqual({ kind: 'refused', message: FAILURE });
    expect(toFailure(await insert(POSTGREST.enumViolation()), FAILURE).error).toEqual({ kind: 'refused', message: FAILURE });
  });
});

describe('Storage: an upload’s refusal', () => {
  const text = (answer: HostedAnswer) => JSON.stringify(answer.body);
  const never = () => Promise.reject(new Error('the database is not asked for this answer'));

  it.each([
    ['over the size limit', STORAGE.entityTooLarge(), 'refused', '"scan.pdf" is larger than 10 MB. Choose a smaller file, or scan it at a lower resolution.'],
    ['a type the bucket refuses', STORAGE.invalidMimeType('text/html'), 'refused', '"scan.pdf" is not a PDF, JPEG, PNG, WebP or HEIC file.'],
    ['a name already stored', STORAGE.keyAlreadyExists(), 'conflict', '"scan.pdf" is already attached to this document. Choose it again to add it under a new name.'],
    ['a database error (any SQLSTATE but 42501)', STORAGE.databaseError('P0001'), 'network', DOCUMENT_REFUSAL_TEXTS.uploadFailed('scan.pdf')],
    ['an object missing', STORAGE.noSuchKey(), 'network', DOCUMENT_REFUSAL_TEXTS.uploadFailed('scan.pdf')],
  ])('%s', async (_case, answer, kind, message) => {
    expect(await uploadFailure(answer.status, text(answer), 'scan.pdf', never)).toEqual({ ok: false, error: { kind, message } });
  });

  it('a 413 a proxy answered without Storage’s body is too large as well; no answer at all is the connection', async () => {
    expect((await uploadFailure(413, 'Request Entity Too Large', 'scan.pdf', never)).error.message).toContain('is larger than 10 MB');
    expect(await uploadFailure(0, '', 'scan.pdf', never)).toEqual({ ok: false, error: { kind: 'network', message: DOCUMENT_REFUSAL_TEXTS.uploadFailed('scan.pdf') } });
  });

  it.each([
    ['the application decided meanwhile', 'decided', DOCUMENT_REFUSAL_TEXTS.decided],
    ['all its files reached', 'full', DOCUMENT_REFUSAL_TEXTS.full],
    ['all the files of its item reached', 'item_full', DOCUMENT_REFUSAL_TEXTS.itemFull],
    ['an application not (or no longer) theirs', 'not_theirs', DOCUMENT_REFUSAL_TEXTS.notTheirs],
  ])('a 403 asks the database why: %s', async (_case, reason, message) => {
    for (const answer of [STORAGE.accessDenied(), STORAGE.accessDenied('Documents are added only to an application that is submitted or in review.')]) {
      const why = vi.fn(() => Promise.resolve(reason));
      expect(await uploadFailure(answer.status, text(answer), 'scan.pdf', why)).toEqual({ ok: false, error: { kind: 'refused', message } });
      expect(why).toHaveBeenCalledOnce();
    }
  });

  it('a 403 the database finds no reason for (an expired token), or that cannot be asked about, is worth sending again', async () => {
    const expired = STORAGE.expiredToken();
    for (const why of [() => Promise.resolve(null), () => Promise.resolve(undefined)]) {
      expect(await uploadFailure(expired.status, text(expired), 'scan.pdf', why)).toEqual({
        ok: false,
        error: { kind: 'network', message: DOCUMENT_REFUSAL_TEXTS.uploadFailed('scan.pdf') },
      });
    }
  });

  it('reads Storage’s code, not its message', () => {
    const reworded = JSON.stringify({ ...STORAGE.invalidMimeType('x/y').body, message: "The file's content does not match its declared type" });
    expect(uploadFailureKind(400, reworded)).toBe('wrongType');
    expect(uploadFailureKind(400, JSON.stringify({ ...STORAGE.accessDenied().body, message: 'anything' }))).toBe('denied');
  });
});
