// The one place a Result becomes a throw. Every browser-side call answers a Result; react-query
// learns that a query or mutation failed only from a rejected promise, and then holds the error,
// offers Retry (refetch) and calls onError. So each admin query and mutation runs its call through
// `unwrap`, and what it shows on failure reads `failureOf(error)`, never a message of its own making
// from a raw error.
import type { Failure, Result } from '../../lib/result.ts';

/** A failed call, as react-query holds it. */
class CallFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'CallFailed';
  }
}

/** The call's data, or a rejection with its Failure (for a queryFn or mutationFn). */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call;
  if (result.ok) return result.data;
  throw new CallFailed(result.error);
}

/** The Failure react-query holds for a failed query or mutation (anything else thrown is unexpected). */
export function failureOf(error: unknown): Failure {
  return error instanceof CallFailed ? error.failure : { kind: 'unexpected', message: '' };
}
