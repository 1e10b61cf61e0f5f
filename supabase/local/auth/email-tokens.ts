// Issuing confirmation and recovery tokens with GoTrue's per-user sending limit
// (SMTP_MAX_FREQUENCY): the email itself is sent by the caller once the transaction commits. For
// an address with nothing to send, the same work is rehearsed and rolled back.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/open.ts';
import { authError } from '../http-errors.ts';
import type { AuthEmail } from '../mail/mailer.ts';
import { otp, tokenHash } from './secrets.ts';
import type { UserRow } from './users.ts';

const COLUMNS = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
} as const;

/**
 * Stores a fresh token for the user and returns the email to send; 429 when the previous email
 * of this kind went out less than `maxFrequencySeconds` ago.
 */
export async function issueEmailToken(
  tx: Sql,
  user: Pick<UserRow, 'id' | 'email'>,
  type: 'signup' | 'recovery',
  redirectTo: string,
  maxFrequencySeconds: number,
): Promise<AuthEmail> {
  const { token: tokenColumn, sentAt } = COLUMNS[type];
  const wait = await tx.query<{ seconds: number | null }>(
    `select ceil(extract(epoch from (${sentAt} + make_interval(secs => $2) - now())))::int as seconds
     from auth.users where id = $1 for update`,
    [user.id, maxFrequencySeconds],
  );
  const seconds = wait.rows[0]?.seconds ?? null;
  if (seconds !== null && seconds > 0) {
    throw authError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
  }
  const code = otp();
  const email = user.email ?? '';
  const hash = tokenHash(email, code);
  await tx.query(`update auth.users set ${tokenColumn} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [user.id, hash]);
  return { type, to: email, token: code, tokenHash: hash, redirectTo };
}

/**
 * The work of issuing a token for an address with nothing to send (unknown, or already
 * confirmed): issueEmailToken's statements run on some user's row inside a savepoint that is
 * rolled back, so the database writes as much as for a real email and keeps nothing. Returns the
 * email that would go to `email`, for the caller to render and drop.
 */
export async function rehearseEmailToken(tx: Sql, email: string, type: 'signup' | 'recovery', redirectTo: string): Promise<AuthEmail> {
  const someone = await tx.query<{ id: string }>(`select id from auth.users limit 1`);
  await tx.query('savepoint rehearsal');
  try {
    return await issueEmailToken(tx, { id: someone.rows[0]?.id ?? randomUUID(), email }, type, redirectTo, 0);
  } finally {
    await tx.query('rollback to savepoint rehearsal');
  }
}
