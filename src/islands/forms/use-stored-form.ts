// A public form that stores one row (booking, contact message, newsletter signup): its values,
// validation and messages (useForm), the row stored with the submission's idempotency key
// (useStoredSubmission), and the server-rendered form taken over without losing what was typed
// (useServerForm). Each form names its schema, messages and how its row is stored; the wiring is here.
import type * as z from 'zod/mini';
import type { Result } from '../../lib/result.ts';
import { useForm, type UseFormOptions } from '../hooks/use-form.ts';
import { useServerForm } from '../hooks/use-server-form.ts';
import { useStoredSubmission } from './use-stored-submission.ts';

interface UseStoredFormOptions<S extends z.ZodMiniType, K extends string, R> extends Omit<UseFormOptions<S, K>, 'submit'> {
  /** Stores the validated data under `clientKey`; defined outside the component, so it stays one function. */
  storeRow: (data: z.infer<S>, clientKey: string) => Promise<Result<R>>;
}

/** useForm for a server-rendered form whose submit stores one row. */
export function useStoredForm<S extends z.ZodMiniType, K extends string, R>({ storeRow, ...options }: UseStoredFormOptions<S, K, R>) {
  const submit = useStoredSubmission(storeRow);
  const form = useForm({ ...options, submit });
  useServerForm(form.formRef, form.values, form.setValue);
  return form;
}
