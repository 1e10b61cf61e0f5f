// supabase/seed.sql: the development accounts and sample data, as `supabase start` and
// `supabase db reset` apply them. Used by the backend on a brand-new local database and by db:reset.
import { readFile } from 'node:fs/promises';
import type { ScriptDb } from './types.ts';

const SEED_FILE = new URL('../../seed.sql', import.meta.url);

/** The accounts seed.sql creates, printed so a newcomer can sign in at once (local only). */
export const DEVELOPMENT_ACCOUNTS = [
  // The admin's TOTP secret (base32): staff sign in with a code from it (seed.sql's mfa_factors row).
  { email: 'admin@example.com', password: 'admin-dev-password', role: 'admin', totpSecret: 'BRIDGEWAYLOCALADMINDEVSECRET2345' },
  { email: 'amara@example.com', password: 'amara-dev-password', role: 'user', totpSecret: null },
] as const;

/** Runs supabase/seed.sql. */
export async function seed(db: ScriptDb): Promise<void> {
  await db.exec(await readFile(SEED_FILE, 'utf8'));
}

/** Lines that tell a developer which accounts seed.sql made. */
export function describeAccounts(): string[] {
  return [
    'Development accounts (see supabase/seed.sql):',
    ...DEVELOPMENT_ACCOUNTS.map(
      ({ email, password, role, totpSecret }) => `  ${email} / ${password}  (${role}${totpSecret ? `; TOTP secret ${totpSecret} for the code` : ''})`,
    ),
  ];
}
