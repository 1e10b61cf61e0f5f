// The submit function every form island hands to useForm: it stores the row with the
// submission's idempotency key (kept for a retry of the same values), reports the form's own
// success text, and only then tells the optional notification service, without waiting for it.
import { useCallback, useRef } from 'react';
import { submissionKeys } from '../../lib/forms/idempotency.ts';
import type { StoreOutcome } from '../../lib/forms/submit.ts';
import type { SubmitOutcome } from '../hooks/use-form.ts';

export function useStoredSubmission<T>(
  storeRow: (data: T, clientKey: string) => Promise<StoreOutcome>,
  success: string,
  notify?: (data: T) => void,
): (data: T) => Promise<SubmitOutcome> {
  const keys = useRef(submissionKeys());
  return useCallback(
    async (data: T) => {
      const outcome = await storeRow(data, keys.current.keyFor(data));
      if (!outcome.ok) return outcome;
      keys.current.settled();
      notify?.(data);
      return { ok: true, message: success };
    },
    [storeRow, success, notify],
  );
}
