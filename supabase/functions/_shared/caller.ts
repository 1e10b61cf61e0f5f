// Who may call a queue function: the database (a trigger or the cron sweep, through pg_net) and
// nothing else. It presents a secret key of the project (Vault's queue_functions_key) as its bearer
// token. The anon key and users' tokens are JWTs the gateway would accept (and the newer secret
// keys are not JWTs at all), so the gateway's verify_jwt decides nothing here: the functions are
// deployed with verify_jwt = false (supabase/config.toml) and compare the token themselves.
import { timingSafeEqual } from 'node:crypto';

const encoder = new TextEncoder();

/** True when the request's bearer token is one of `secretKeys` (compared in constant time). */
export function isQueueCaller(req: Request, secretKeys: string[]): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) return false;
  const token = encoder.encode(match[1]);
  let found = false;
  for (const key of secretKeys) {
    const expected = encoder.encode(key);
    // Every key is compared, so the time taken does not tell which one matched.
    if (expected.length === token.length && timingSafeEqual(expected, token)) found = true;
  }
  return found;
}
