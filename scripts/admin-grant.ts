// `npm run admin:grant -- <email> [--adviser | --revoke]`: makes the user with that email an admin
// of the local database (PGlite, or DATABASE_URL), an adviser with --adviser, or a plain user
// again with --revoke. While the local
// backend holds the PGlite folder, the change goes through its REST API with the service key.
// On a hosted project run the same statement in the SQL editor:
//   update public.profiles set role = 'admin' where lower(email) = lower('someone@example.com');

import { loadConfig } from '../supabase/local/config.ts';
import { apiKeys } from '../supabase/local/jwt.ts';
import { localDbOptions, openDb, type ScriptDb } from '../supabase/local/db/open.ts';
import { exitOnConfigError, loadProjectEnv } from '../common/env.ts';

// The same database and backend address as `npm run backend`, .env included.
loadProjectEnv();
const { config, target } = exitOnConfigError(() => ({ config: loadConfig(), target: localDbOptions() }));

const args = process.argv.slice(2);
const revoke = args.includes('--revoke');
const adviser = args.includes('--adviser');
const email = args.find((arg) => !arg.startsWith('--'))?.trim();

if (!email) {
  console.error('Usage: npm run admin:grant -- <email> [--adviser | --revoke]');
  process.exit(2);
}

const role = revoke ? 'user' : adviser ? 'adviser' : 'admin';

try {
  const changed = await setRole(email, role);
  if (changed.length === 0) {
    console.error(`No user with the email ${email}. Sign up with it first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${changed[0]} is now ${revoke ? 'a regular user' : adviser ? 'an adviser' : 'an admin'}.`);
  }
} catch (error) {
  console.error(`admin:grant failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

/** Sets the role of the profile with this email; returns the emails of the profiles changed. */
async function setRole(address: string, newRole: string): Promise<string[]> {
  let db: ScriptDb;
  try {
    db = await openDb(target);
  } catch (error) {
    // PGlite serves one process: when the backend holds the folder, ask the backend instead.
    if (error instanceof Error && /is in use by process/.test(error.message)) return setRoleThroughBackend(address, newRole);
    throw error;
  }
  try {
    const { rows } = await db.query<{ email: string }>(
      'update public.profiles set role = $1 where lower(email) = lower($2) returning email',
      [newRole, address],
    );
    return rows.map((row) => row.email);
  } finally {
    await db.close();
  }
}

async function setRoleThroughBackend(address: string, newRole: string): Promise<string[]> {
  const { serviceRoleKey } = await apiKeys(config.jwtSecret);
  // The backend runs on this machine, so its listening address is used: API_EXTERNAL_URL (apiUrl)
  // is the public address for email links and may point through a proxy or elsewhere.
  // The Auth server stores emails in lower case, so an exact match on the lower-cased address finds it.
  const url = `http://${config.host}:${config.port}/rest/v1/profiles?email=eq.${encodeURIComponent(address.toLowerCase())}&select=email`;
  const response = await fetch(url, {
    method: 'PATCH',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: JSON.stringify({ role: newRole }),
  });
  if (!response.ok) throw new Error(`the local backend answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { email: string }[]).map((row) => row.email);
}
