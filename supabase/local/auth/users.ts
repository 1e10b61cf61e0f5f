// auth.users rows and their JSON form, as GoTrue serialises a user (README.md, Auth: "Users").
import type { Sql } from '../db/open.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_token: string;
  confirmation_sent_at: string | null;
  recovery_token: string;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  phone: string | null;
  confirmed_at: string | null;
  is_anonymous: boolean;
  created_at: string;
  updated_at: string;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

// The token columns are nullable on hosted too (bootstrap.sql); a row inserted by hand may leave
// them NULL, which the real Auth server cannot read. Reading them as '' keeps this server working
// for such a row; tests/db/seed.test.ts keeps seed.sql from relying on it.
const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at,
  coalesce(confirmation_token, '') as confirmation_token, confirmation_sent_at,
  coalesce(recovery_token, '') as recovery_token, recovery_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, phone, confirmed_at, is_anonymous, created_at, updated_at`;

/** The user with this id, or undefined. */
export async function userById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const res = await sql.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
  return res.rows[0];
}

/** The user with this (lower-cased) email, or undefined. */
export async function userByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const res = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and is_sso_user = false and deleted_at is null`,
    [email],
  );
  return res.rows[0];
}

/**
 * The user whose confirmation or recovery token equals `tokenHash`, with whether that token was
 * sent more than `expirySeconds` ago (or never recorded as sent).
 */
export async function userByToken(
  sql: Sql,
  column: 'confirmation_token' | 'recovery_token',
  tokenHash: string,
  expirySeconds: number,
): Promise<(UserRow & { expired: boolean }) | undefined> {
  if (!tokenHash) return undefined;
  const sentAt = column === 'confirmation_token' ? 'confirmation_sent_at' : 'recovery_sent_at';
  const res = await sql.query<UserRow & { expired: boolean }>(
    `select ${USER_COLUMNS}, coalesce(${sentAt} + make_interval(secs => $2) < now(), true) as expired
     from auth.users where ${column} = $1 and deleted_at is null`,
    [tokenHash, expirySeconds],
  );
  return res.rows[0];
}

/** The user's identities (one email identity for every user created here). */
export async function identitiesOf(sql: Sql, userId: string): Promise<IdentityRow[]> {
  const res = await sql.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, last_sign_in_at, created_at, updated_at
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return res.rows;
}

/** A second factor of auth.mfa_factors, without its secret. */
export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'unverified' | 'verified';
  phone: string | null;
  last_challenged_at: string | null;
  created_at: string;
  updated_at: string;
}

export const FACTOR_COLUMNS = 'id, user_id, friendly_name, factor_type, status, phone, last_challenged_at, created_at, updated_at';

/** The user's factors, oldest first, as GoTrue loads them into a user. */
export async function factorsOf(sql: Sql, userId: string): Promise<FactorRow[]> {
  const res = await sql.query<FactorRow>(`select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`, [userId]);
  return res.rows;
}

/** A factor as GoTrue serialises it (models.Factor): never its secret. */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    created_at: rfc3339(factor.created_at),
    updated_at: rfc3339(factor.updated_at),
    status: factor.status,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    phone: factor.phone ?? '',
    last_challenged_at: rfc3339(factor.last_challenged_at),
  };
}

/** Postgres prints `2024-01-02 03:04:05.678+00`; GoTrue answers RFC 3339 (`2024-01-02T03:04:05.678Z`). */
function rfc3339(value: string | null): string | null {
  if (value === null) return null;
  return value.replace(' ', 'T').replace(/\+00(:00)?$/, 'Z');
}

/**
 * A user as GoTrue returns it: always-present fields, then timestamps only when set, and its
 * factors when it has any (GoTrue omits an empty list).
 */
export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: rfc3339(user.created_at),
    updated_at: rfc3339(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  const optional: [string, string | null][] = [
    ['email_confirmed_at', user.email_confirmed_at],
    ['confirmation_sent_at', user.confirmation_sent_at],
    ['confirmed_at', user.confirmed_at],
    ['recovery_sent_at', user.recovery_sent_at],
    ['last_sign_in_at', user.last_sign_in_at],
  ];
  for (const [key, value] of optional) if (value !== null) out[key] = rfc3339(value);
  if (factors.length > 0) out.factors = factors.map(factorJson);
  return out;
}

/** userJson of the user with its identities and factors read from the database. */
export async function fullUserJson(sql: Sql, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await identitiesOf(sql, user.id), await factorsOf(sql, user.id));
}

function identityJson(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: rfc3339(identity.last_sign_in_at),
    created_at: rfc3339(identity.created_at),
    updated_at: rfc3339(identity.updated_at),
    email: identity.email ?? '',
  };
}
