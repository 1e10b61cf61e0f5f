// Turns a form schema's verdict into what a form shows: the parsed values, or one message per field
// (the first problem the schema found for it). Schemas are zod/mini, so the browser downloads the
// small core of zod, not the whole library.
import type * as z from 'zod/mini';

/** One message per field name; a field without a problem is absent. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Validates raw form values against a schema; each field keeps only its first message. */
export function validate<S extends z.ZodMiniType>(schema: S, values: unknown): Validation<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data as z.infer<S> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
