// The hosted Supabase project `npm run test:remote` checks (scripts/test-remote.ts): its API's URL
// and keys, and the Postgres connection string the row-level security matrix needs. Only that
// script sets TEST_TARGET=remote: REMOTE_* variables left in a shell never turn `npm test`
// against a hosted project.

/** A hosted project's API, from the REMOTE_SUPABASE_* variables. */
export interface RemoteApi {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** The variables the remote check reads, each with what it is (printed when some are missing). */
export const REMOTE_VARIABLES = {
  REMOTE_SUPABASE_URL: "the project's API URL (Project Settings → API), e.g. https://abcd.supabase.co",
  REMOTE_SUPABASE_ANON_KEY: 'its anon (publishable) key',
  REMOTE_SUPABASE_SERVICE_ROLE_KEY: 'its service_role (secret) key',
  REMOTE_DATABASE_URL: 'its Postgres connection string (Connect → session pooler), for the RLS matrix',
} as const;

const value = (name: keyof typeof REMOTE_VARIABLES) => process.env[name]?.trim() || undefined;

/** The variables of REMOTE_VARIABLES that are not set. */
export function missingRemoteVariables(): string[] {
  return Object.keys(REMOTE_VARIABLES).filter((name) => !value(name as keyof typeof REMOTE_VARIABLES));
}

/** The hosted project's API when all three REMOTE_SUPABASE_* variables are set, else undefined. */
export function remoteApi(): RemoteApi | undefined {
  const url = value('REMOTE_SUPABASE_URL');
  const anonKey = value('REMOTE_SUPABASE_ANON_KEY');
  const serviceRoleKey = value('REMOTE_SUPABASE_SERVICE_ROLE_KEY');
  return url && anonKey && serviceRoleKey ? { url: url.replace(/\/+$/, ''), anonKey, serviceRoleKey } : undefined;
}

/** The hosted project's Postgres connection string, when REMOTE_DATABASE_URL is set. */
export function remoteDatabaseUrl(): string | undefined {
  return value('REMOTE_DATABASE_URL');
}

/** Whether the tests run against the hosted project (npm run test:remote) rather than the embedded backend. */
export const ON_REMOTE = process.env['TEST_TARGET'] === 'remote';
