// Postgres errors as PostgREST reports them: the SQLSTATE as `code`, Postgres' message, detail
// and hint, and the HTTP status PostgREST's mapSQLtoHTTP gives the SQLSTATE (see the table under
// "Errors" in ../README.md).
import { HttpError, restError } from '../http-errors.ts';

interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  /** Schema of the table or constraint the error is about, when Postgres names one. */
  schema?: string;
}

/** True for errors raised by Postgres (they carry a five-character SQLSTATE). */
export function isPgError(err: unknown): err is PgErrorLike {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((err as { code: string }).code)
  );
}

/** HTTP status for a SQLSTATE, as PostgREST maps it; 42501 depends on whether the caller is anonymous. */
function statusForSqlState(code: string, role: string): number {
  // PostgREST lets a function choose the status: SQLSTATE PTxyz answers HTTP xyz.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom) return Number(custom[1]);
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === 'P0001') return 400;
  // A NUL character in a value: 22021 as a text parameter, 22P05 as \u0000 inside JSON. The
  // request is at fault, as with every class 22 error; named so that no change to the classes
  // below can turn these into 500s.
  if (code === '22021' || code === '22P05') return 400;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (cls === '54') return 413;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

/**
 * Converts a Postgres error into PostgREST's error response. An error about a table outside
 * schema public (a private log a trigger writes, an auth table) keeps its SQLSTATE and status
 * but loses Postgres' text: the detail of a constraint error quotes the whole failing row, and
 * callers must never see rows or names of tables they cannot reach.
 */
export function pgToHttpError(err: PgErrorLike, role: string): HttpError {
  const status = statusForSqlState(err.code, role);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  if (err.schema && err.schema !== 'public') {
    return restError(status, err.code, 'The database refused the request', null, null, headers);
  }
  return restError(status, err.code, err.message, err.detail || null, err.hint || null, headers);
}
