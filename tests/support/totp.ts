// Second factors in tests: codes computed from a known TOTP secret (otpauth, the library the local
// Auth server checks them with), and the one helper that brings a signed-in staff client to aal2,
// the level at which the database lets staff read or change anything (private.session_is_aal2).
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import type { Database } from '../../common/database.types.ts';
import { DEVELOPMENT_ACCOUNTS } from '../../supabase/local/db/seed.ts';

type Client = SupabaseClient<Database>;

/** The seeded admin's TOTP secret (supabase/seed.sql; local databases only). */
export const SEEDED_ADMIN_TOTP_SECRET: string = DEVELOPMENT_ACCOUNTS[0].totpSecret;

/** The six-digit code of `secret` at `at` (ms), as an authenticator app shows it (SHA-1, 30 s). */
export function totpCode(secret: string, at: number = Date.now()): string {
  const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  return totp.generate({ timestamp: at });
}

// The secrets of the factors this process enrolled or knows, by user email.
const knownSecrets = new Map<string, string>([[DEVELOPMENT_ACCOUNTS[0].email, SEEDED_ADMIN_TOTP_SECRET]]);

/** The secret a test keeps for `email`'s factor (the seeded admin's, or one reachAal2 enrolled). */
export function knownTotpSecret(email: string): string | undefined {
  return knownSecrets.get(email.toLowerCase());
}

/** Records the secret of a factor a test enrolled itself (e.g. through the page), for later sign-ins. */
export function rememberTotpSecret(email: string, secret: string): void {
  knownSecrets.set(email.toLowerCase(), secret);
}

/**
 * Brings a signed-in client to aal2: verifies its verified TOTP factor with the known secret, or,
 * when it has none, enrols one through the API (keeping the secret) and verifies that. Returns the
 * aal2 session, which supabase-js also keeps.
 */
export async function reachAal2(client: Client): Promise<Session> {
  const { data: current } = await client.auth.getSession();
  const email = current.session?.user.email;
  if (!email) throw new Error('reachAal2 needs a client signed in with an email address');
  const { data: factors, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  let factorId = factors.totp[0]?.id;
  let secret = knownTotpSecret(email);
  if (!factorId) {
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Test authenticator' });
    if (enrolled.error) throw enrolled.error;
    factorId = enrolled.data.id;
    secret = enrolled.data.totp.secret;
    rememberTotpSecret(email, secret);
  }
  if (!secret) throw new Error(`${email} has a TOTP factor this test process does not know the secret of`);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
  if (verified.error) throw verified.error;
  const { data } = await client.auth.getSession();
  return data.session!;
}

/** Whether the signed-in user is staff, read from their own profile (which they may read at aal1). */
async function isStaff(client: Client, userId: string): Promise<boolean> {
  const { data, error } = await client.from('profiles').select('role').eq('id', userId).single();
  if (error) throw error;
  return data.role !== 'user';
}

/**
 * Signs `email` in as the site does: the password, then, for staff or anyone with a factor, the
 * code (reachAal2). Hosted Auth ends a user's aal1 sessions when another of their sessions verifies
 * a code, so a parallel test signing the same account in may end this one between the password
 * and the code: then it starts again.
 */
export async function signInWithCode(client: Client, email: string, password: string): Promise<Session> {
  for (let attempt = 1; ; attempt++) {
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw error;
    const hasFactor = (data.user.factors ?? []).some((factor) => factor.status === 'verified');
    if (!hasFactor && !(await isStaff(client, data.user.id))) return data.session;
    try {
      return await reachAal2(client);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || (code !== 'session_not_found' && code !== 'mfa_ip_address_mismatch')) throw error;
    }
  }
}
