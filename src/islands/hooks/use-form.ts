// The one way every form island holds its values, validates, submits and reports. Forms differ in
// their fields, schema and messages; how they submit lives here once:
// - values are strings as the inputs hold them; the schema turns them into typed data;
// - a field's error is tied to it (see fieldProps) and the first invalid field gets focus;
// - a second submit while one is in flight is ignored, and SubmitButton drops the second click of a
//   double click, so a double click sends once and a quick success is not followed by a blank submit;
// - a failed submission keeps every value; only `reset` clears them.
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { validate } from '../../lib/forms/validate.ts';
import type { FieldErrors, Result } from '../../lib/result.ts';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface UseFormOptions<S extends z.ZodMiniType, K extends string> {
  schema: S;
  /** The starting value of every field, as the inputs hold it (strings). */
  initial: Record<K, string>;
  /** Sends the validated data; never throws, reports a failure instead (with the text to show). */
  submit: (data: z.infer<S>) => Promise<Result<unknown>>;
  /** What the form says after a success (none when a dialog or the page says it instead). */
  success?: string;
  /** Values to keep when the form resets after a success (e.g. the preselected visa type). */
  keepOnReset?: K[];
  /** Reset the fields after a success (default true). */
  resetOnSuccess?: boolean;
}

/** Props that wire an input, select or textarea to the form: value, change, label and error ids. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Holds a form's values and errors, validates with `schema` and submits once at a time. */
export function useForm<S extends z.ZodMiniType, K extends string>({
  schema,
  initial,
  submit,
  success = '',
  keepOnReset = [],
  resetOnSuccess = true,
}: UseFormOptions<S, K>) {
  const formId = useId();
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [status, setStatus] = useState<FormStatus>('idle');
  const [message, setMessage] = useState('');
  // A ref, not state: two clicks in one frame both see the first one's flag.
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const fieldId = useCallback((name: K) => `${formId}-${name}`, [formId]);
  const errorId = useCallback((name: K) => `${formId}-${name}-error`, [formId]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field clears its error; the rest stay until the next submit.
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const fieldProps = useCallback(
    (name: K): FieldProps => ({
      id: fieldId(name),
      name,
      value: values[name],
      onChange: (event) => setValue(name, event.target.value),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId(name) : undefined,
    }),
    [values, errors, fieldId, errorId, setValue],
  );

  /** Focuses the first field (in the form's own order) that has an error. */
  const focusFirstError = useCallback((found: FieldErrors<K>) => {
    const form = formRef.current;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name as K;
      if (name && found[name]) {
        (element as HTMLElement).focus();
        return;
      }
    }
  }, []);

  const reset = useCallback(() => {
    setValues((current) => {
      const next = { ...initial };
      for (const name of keepOnReset) next[name] = current[name];
      return next;
    });
    setErrors({});
  }, [initial, keepOnReset]);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const checked = validate(schema, values);
      if (!checked.ok) {
        const fieldErrors = (checked.error.fieldErrors ?? {}) as FieldErrors<K>;
        setErrors(fieldErrors);
        setStatus('idle');
        setMessage('');
        // After React has rendered aria-invalid, so the focused field announces its error.
        requestAnimationFrame(() => focusFirstError(fieldErrors));
        return;
      }
      inFlight.current = true;
      setErrors({});
      setStatus('submitting');
      setMessage('');
      try {
        const result = await submit(checked.data);
        if (result.ok) {
          setStatus('success');
          setMessage(success);
          if (resetOnSuccess) reset();
        } else {
          setStatus('error');
          setMessage(result.error.message);
          const { fieldErrors } = result.error;
          if (fieldErrors) {
            setErrors(fieldErrors as FieldErrors<K>);
            requestAnimationFrame(() => focusFirstError(fieldErrors as FieldErrors<K>));
          }
        }
      } finally {
        inFlight.current = false;
      }
    },
    [schema, values, submit, success, resetOnSuccess, reset, focusFirstError],
  );

  return {
    formRef,
    values,
    errors,
    status,
    message,
    submitting: status === 'submitting',
    setValue,
    fieldProps,
    errorId,
    fieldId,
    onSubmit,
    reset,
    /** Clears the success or failure message (e.g. when its dialog closes). */
    clearMessage: () => {
      setStatus('idle');
      setMessage('');
    },
  };
}
