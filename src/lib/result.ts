// The one shape every browser-side call answers with: a form's submission, an account action, a
// read. A failure says what kind it was and carries the text to show; src/lib/forms/errors.ts is
// the one place that turns an error into that text, so no raw error message reaches a visitor.

/** One message per field name; a field without a problem is absent. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * Why a call failed: what was typed does not pass the form's rules (`invalid`: every message is at
 * its field), nothing answered (`network`), the server's spam limit (`rate-limit`), the server
 * refused it (`refused`), what was sent is there already (`conflict`: a retried upload whose first
 * try landed), the login's address is not verified yet (`unverified`), or something no one
 * expected (`unexpected`: logged to the console, a generic text shown).
 */
type FailureKind = 'invalid' | 'network' | 'rate-limit' | 'refused' | 'conflict' | 'unverified' | 'unexpected';

/** A failed call: its kind, the text to show, and any message tied to a field of the form. */
export interface Failure {
  kind: FailureKind;
  message: string;
  fieldErrors?: FieldErrors;
}

/** What a call gives back: its data, or why it failed. */
export type Result<T = undefined> = { ok: true; data: T } | { ok: false; error: Failure };

/** A success carrying `data`. */
export function succeeded(): Result;
export function succeeded<T>(data: T): Result<T>;
export function succeeded<T>(data?: T): Result<T | undefined> {
  return { ok: true, data };
}

/** A failure of `kind` with the text to show. */
export function failed(kind: FailureKind, message: string, fieldErrors?: FieldErrors): { ok: false; error: Failure } {
  return { ok: false, error: fieldErrors ? { kind, message, fieldErrors } : { kind, message } };
}
