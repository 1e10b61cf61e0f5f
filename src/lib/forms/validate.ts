// Turns a form schema's verdict into what a form shows: the parsed values, or one message per field
// (the first problem the schema found for it). Schemas are zod/mini, so the browser downloads the
// small core of zod, not the whole library.
import type * as z from 'zod/mini';
import { failed, succeeded, type FieldErrors, type Result } from '../result.ts';

/**
 * Validates raw form values against a schema; each field keeps only its first message. A failure is
 * `invalid`, with no message of its own: everything it says is at the fields.
 */
export function validate<S extends z.ZodMiniType>(schema: S, values: unknown): Result<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return succeeded(result.data as z.infer<S>);
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return failed('invalid', '', errors);
}
