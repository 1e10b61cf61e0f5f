// The second factor's calls: the code step after a password, enrolling an authenticator app, and
// listing or removing one's factors (Supabase Auth's TOTP factors, through supabase-js auth.mfa).
// Staff act only at aal2: the database refuses them anything else (private.session_is_aal2), and
// these calls are how a browser gets there. Each answers a Result, as the account actions do.
import type { SiteClient } from '../database.ts';
import { authRefusal, toFailure } from '../forms/errors.ts';
import { failed, succeeded, type Result } from '../result.ts';
import { loadSupabase } from '../supabase-loader.ts';

/** What the authenticator app lists the account under (the enrolment's issuer). */
const ISSUER = 'Bridgeway Visa & Immigration';

/** One of the signed-in user's factors, as the pages show it. */
export interface Factor {
  id: string;
  name: string;
  verified: boolean;
  createdAt: string;
}

/** Where the session stands: signed in with a password only, with a code, and whether a code is possible. */
export interface Assurance {
  /** aal2: the code was given in this session. */
  verified: boolean;
  /** The user has a verified factor, so the session can reach aal2. */
  hasFactor: boolean;
}

/** A new authenticator's set-up: the factor to confirm, its QR code (an SVG data URI) and its secret. */
export interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

async function withClient<T>(action: (supabase: SiteClient) => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await action(await loadSupabase());
  } catch (error) {
    return toFailure(error, authRefusal(error));
  }
}

const refused = (error: unknown) => toFailure(error, authRefusal(error));

const NO_FACTOR_MESSAGE = 'No authenticator app is set up for this account. Please log in again.';

/** The session's assurance level (read from its token, with the user's factors). */
export function assurance(): Promise<Result<Assurance>> {
  return withClient(async (supabase) => {
    const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    if (error) return refused(error);
    return succeeded({ verified: data.currentLevel === 'aal2', hasFactor: data.nextLevel === 'aal2' });
  });
}

/** The user's factors, verified or being set up, oldest first. */
export function listFactors(): Promise<Result<Factor[]>> {
  return withClient(async (supabase) => {
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return refused(error);
    return succeeded(
      data.all
        .filter((factor) => factor.factor_type === 'totp')
        .map((factor) => ({ id: factor.id, name: factor.friendly_name ?? '', verified: factor.status === 'verified', createdAt: factor.created_at })),
    );
  });
}

/**
 * Checks a code from the authenticator app against `factorId` (a fresh challenge each time, so a
 * slow typist never meets an expired one); right, the session is at aal2 from here on.
 */
export function verifyCode(factorId: string, code: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
    if (!error) return succeeded();
    const failure = refused(error);
    // A wrong (or stale) code is the field's problem; the rest (offline, too many tries) the form's.
    if (error.code === 'mfa_verification_failed' || error.code === 'mfa_challenge_expired') failure.error.fieldErrors = { code: failure.error.message };
    return failure;
  });
}

/** The code step after a password: the user's verified factor, checked with `code`. */
export function verifySignInCode(code: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) return refused(error);
    const factor = data.totp[0];
    if (!factor) return failed('refused', NO_FACTOR_MESSAGE);
    return verifyCode(factor.id, code);
  });
}

/**
 * Starts setting up an authenticator named `name`: an unverified factor whose QR code and secret
 * the page shows; it counts once a code from it is confirmed (verifyCode).
 */
export function enrolFactor(name: string): Promise<Result<Enrolment>> {
  return withClient(async (supabase) => {
    // A set-up left unfinished (the page closed before its code) would hold its name: it goes first.
    const existing = await supabase.auth.mfa.listFactors();
    if (existing.error) return refused(existing.error);
    for (const factor of existing.data.all.filter((f) => f.status !== 'verified')) {
      const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) return refused(removed.error);
    }
    const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: name, issuer: ISSUER });
    if (error) {
      const failure = refused(error);
      if (error.code === 'mfa_factor_name_conflict') failure.error.fieldErrors = { name: failure.error.message };
      return failure;
    }
    return succeeded({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
  });
}

/** Removes a factor (a verified one only from a session that gave its code). */
export function removeFactor(factorId: string): Promise<Result> {
  return withClient(async (supabase) => {
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    return error ? refused(error) : succeeded();
  });
}
