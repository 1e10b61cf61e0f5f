// `npm run admin:grant -- <email> [--revoke]`: makes the user with that email an admin of the
// local database (PGlite, or DATABASE_URL), or a plain user again with --revoke. On a hosted
// project run the same statement in the SQL editor:
//   update public.profiles set role = 'admin' where lower(email) = lower('someone@example.com');

import { DEFAULT_DATA_DIR, openDb } from '../supabase/local/db/open.ts';

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const email = args.find((arg) => !arg.startsWith('--'))?.trim();

if (!email) {
  console.error('Usage: npm run admin:grant -- <email> [--revoke]');
  process.exit(2);
}

const role = revoke ? 'user' : 'admin';
const db = process.env['DATABASE_URL']
  ? await openDb()
  : await openDb({ dataDir: process.env['PGLITE_DATA_DIR'] ?? DEFAULT_DATA_DIR });

try {
  const { rows } = await db.query<{ email: string }>(
    'update public.profiles set role = $1 where lower(email) = lower($2) returning email',
    [role, email],
  );
  if (rows.length === 0) {
    console.error(`No user with the email ${email}. Sign up with it first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${rows[0]!.email} is now ${revoke ? 'a regular user' : 'an admin'}.`);
  }
} catch (error) {
  console.error(`admin:grant failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
