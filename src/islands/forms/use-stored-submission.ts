// The submit function every public form island hands to useForm: it stores the row with the
// submission's idempotency key (kept for a retry of the same values until the row is stored). The
// emails a submission causes are queued by the database with the row (the notifications outbox),
// so the browser sends nothing else.
import { useCallback, useRef } from 'react';
import { submissionKeys } from '../../lib/forms/idempotency.ts';
import type { Result } from '../../lib/result.ts';

/** Wraps `storeRow` with the form's idempotency keys. */
export function useStoredSubmission<T, R = undefined>(storeRow: (data: T, clientKey: string) => Promise<Result<R>>): (data: T) => Promise<Result<R>> {
  const keys = useRef(submissionKeys());
  return useCallback(
    async (data: T) => {
      const result = await storeRow(data, keys.current.keyFor(data));
      if (!result.ok) return result;
      keys.current.settled();
      return result;
    },
    [storeRow],
  );
}
