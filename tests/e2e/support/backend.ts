// The e2e backend seen from a test: supabase-js clients with the anon and service keys, the mailbox
// (verification and reset links), and users made ready to sign in. Tests read what a form stored
// with the service key, as an operator would, never through the page under test.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../common/database.types.ts';
import { apiKeys } from '../../../supabase/local/jwt.ts';
import { DEVELOPMENT_ACCOUNTS } from '../../../supabase/local/db/seed.ts';
import type { MailMessage } from '../../../supabase/local/mail/mailbox.ts';
import { E2E_API_URL } from './e2e-env.ts';
import { signInWithCode } from '../../support/totp.ts';

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** The seeded admin and user of supabase/seed.sql. */
export const SEEDED_ADMIN = DEVELOPMENT_ACCOUNTS[0];
export const SEEDED_USER = DEVELOPMENT_ACCOUNTS[1];

/** A password every test user gets unless a test says otherwise (passes the 8-character minimum). */
export const TEST_PASSWORD = 'correct-horse-battery';

/** A unique address for one test, so parallel tests and the per-email spam limit never meet. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** A supabase-js client with the anon key and no stored session. */
export async function anonClient(): Promise<SupabaseClient<Database>> {
  const { anonKey } = await backendKeys();
  return createClient<Database>(E2E_API_URL, anonKey, noSession);
}

let keys: { anonKey: string; serviceRoleKey: string } | undefined;

/** Derives the local anon and service_role keys (the backend's published development secret). */
export async function backendKeys(): Promise<{ anonKey: string; serviceRoleKey: string }> {
  keys ??= await apiKeys();
  return keys;
}

/** A client with the service_role key: reads and writes past row-level security, as an operator. */
export async function serviceClient(): Promise<SupabaseClient<Database>> {
  const { serviceRoleKey } = await backendKeys();
  return createClient<Database>(E2E_API_URL, serviceRoleKey, noSession);
}

/** Messages in the mailbox to `to`, oldest first. */
export async function mailTo(to: string): Promise<MailMessage[]> {
  const res = await fetch(`${E2E_API_URL}/mail.json?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: MailMessage[] }).messages;
}

/** Waits (up to timeoutMs) for a message to `to` of `type` beyond the first `after` ones, and returns it. */
export async function waitForMail(
  to: string,
  type: MailMessage['type'],
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(to)).filter((m) => m.type === type);
    if (found.length > after) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no ${type} email to ${to} in the mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Spends an auth email's link (supabase/templates: the page with token_hash and type) as the page's
 * button does, with verifyOtp: the person used it on another device.
 */
export async function spendLink(link: string): Promise<void> {
  const params = new URL(link).searchParams;
  const type = params.get('type');
  if (type !== 'email' && type !== 'recovery') throw new Error(`not an auth email link: ${link}`);
  const { error } = await (await anonClient()).auth.verifyOtp({ token_hash: params.get('token_hash') ?? '', type });
  if (error) throw error;
}

/**
 * A new staff member of their own, for tests that sign staff in through the page (the seeded admin
 * is signed in by every admin test at once, and hosted Auth ends an account's aal1 sessions when
 * another of its sessions gives its code): signed up, confirmed, made admin as an operator does,
 * and with an authenticator app set up through the API, its secret kept for logInThroughForm.
 */
export async function createStaff(email: string): Promise<string> {
  const id = await createUser(email);
  const { error } = await (await serviceClient()).from('profiles').update({ role: 'admin' }).eq('id', id);
  if (error) throw error;
  const client = await anonClient();
  await signInWithCode(client, email, TEST_PASSWORD);
  await client.auth.signOut({ scope: 'local' });
  return id;
}

/** The profile fields a signup sends as metadata (what the signup form collects). */
export function profileData(fullName: string): Record<string, unknown> {
  return {
    full_name: fullName,
    age: 34,
    address: '3 Awolowo Road, Ikoyi, Lagos',
    country: 'Nigeria',
    occupation: 'Engineer',
    phone: '+234 803 000 0000',
    marital_status: 'Single',
  };
}

/**
 * Signs a user up through the API and, unless `confirm` is false, confirms it with the emailed
 * link's token, so the account can log in at once. Returns the user id.
 */
export async function createUser(
  email: string,
  { password = TEST_PASSWORD, data = profileData('Test User'), confirm = true }: { password?: string; data?: Record<string, unknown>; confirm?: boolean } = {},
): Promise<string> {
  const { data: signUp, error } = await (await anonClient()).auth.signUp({ email, password, options: { data } });
  if (error) throw error;
  if (confirm) await spendLink((await waitForMail(email, 'signup')).links[0]!);
  return signUp.user!.id;
}
