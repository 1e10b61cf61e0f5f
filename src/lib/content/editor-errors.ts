// A content mistake in an editor's words: the file, the field, what is expected, on one plain line
// ("content/countries/ghana.mdx, name: must be text, not the number 42"). zod's own messages are
// written for developers ("Invalid input: expected string, received number") and Astro prints them
// wrapped in markdown, so the collections' loaders (src/content.config.ts) validate with
// `editorIssueMessage` as the error map first and stop with `describeProblems`. Messages a schema
// sets itself (src/lib/content/schemas.ts) are kept: zod prefers them to an error map. No Node or
// Astro imports, so the CMS can show the same sentences before saving.
import type { z } from 'astro/zod';

/** A value as an editor would name it: `the number 42`, `the text "Ghana"`, `a list`. */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `the date and time ${value.toISOString()}`;
  if (Array.isArray(value)) return 'a list';
  return 'a group of fields';
}

/** What a zod type expects, in words. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

/** How many of what a size limit counts: characters of text, items of a list. */
function unit(origin: string, count: number | bigint): string {
  if (origin === 'string') return `${count} character${count === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${count} item${count === 1 ? '' : 's'}`;
  return String(count);
}

/** The size an input has, when the limit counts one: "(it has 2)". */
function sizeOf(input: unknown): string {
  if (typeof input === 'string' || Array.isArray(input)) return ` (it has ${input.length})`;
  return '';
}

/**
 * zod's error map for content: a plain sentence saying what the field must be and, where it helps,
 * what it holds now. Pass it as `{ error: editorIssueMessage }` to safeParse.
 */
export function editorIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      if (issue.input === undefined) return `is missing: add it (${expected})`;
      return `must be ${expected}, not ${describeValue(issue.input)}`;
    }
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        const what = issue.exact ? `exactly ${unit(issue.origin, n)}` : `at least ${unit(issue.origin, n)}`;
        return `needs ${what}${sizeOf(issue.input)}`;
      }
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${n}${issue.input === undefined ? '' : `, not ${describeValue(issue.input)}`}`;
    }
    case 'too_big': {
      const n = issue.maximum;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        const what = issue.exact ? `exactly ${unit(issue.origin, n)}` : `at most ${unit(issue.origin, n)}`;
        return `${issue.exact ? 'needs' : 'may have'} ${what}${sizeOf(issue.input)}`;
      }
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${n}${issue.input === undefined ? '' : `, not ${describeValue(issue.input)}`}`;
    }
    case 'invalid_format': {
      const found = issue.input === undefined ? '' : `, not ${describeValue(issue.input)}`;
      if (issue.format === 'url') return `must be a web address starting with https://${found}`;
      if (issue.format === 'email') return `must be an email address, like name@example.com${found}`;
      if (issue.format === 'date') return `must be a date written YYYY-MM-DD, like 2025-01-31${found}`;
      if (issue.format === 'regex' && 'pattern' in issue) return `does not have the expected form (${String(issue.pattern)})${found}`;
      return `must be a valid ${issue.format}${found}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((value) => JSON.stringify(value));
      const found = issue.input === undefined ? '' : ` (it has ${describeValue(issue.input)})`;
      return values.length === 1 ? `must be ${values[0]}${found}` : `must be one of ${values.join(', ')}${found}`;
    }
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} the site does not know: ${issue.keys.join(', ')} (check the spelling, or remove ${issue.keys.length === 1 ? 'it' : 'them'})`;
    case 'invalid_union':
      return 'does not match any of the forms this field accepts';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message ?? 'is not valid here';
  }
}

/** A field's place as an editor reads it: `images › item 2 › alt` (items count from 1). */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `item ${key + 1}` : String(key))).join(' › ');
}

/** One line per problem: `<where>, <field>: <message>` (`<where>: <message>` for the entry as a whole). */
export function describeProblems(where: string, issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => (issue.path.length ? `${where}, ${fieldName(issue.path)}: ${issue.message}` : `${where}: ${issue.message}`)).join('\n');
}

/** Validates data as the build does; on failure, the editor's lines instead of zod's error. */
export async function checkForEditor<T>(schema: z.ZodType<T>, data: unknown, where: string): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  const result = await schema.safeParseAsync(data, { error: editorIssueMessage });
  return result.success ? { ok: true, data: result.data } : { ok: false, message: describeProblems(where, result.error.issues) };
}

/**
 * The build's error for content mistakes: the message alone. Astro prints an error's stack and the
 * line of code that threw it, which would point an editor at src/content.config.ts instead of
 * their file; this one has no stack, and a hint where the rules are explained.
 */
export function contentError(message: string): Error {
  const error = Object.assign(new Error(message), { hint: 'Fix the file named above and build again; docs/content.md explains each field.' });
  error.name = 'ContentError';
  error.stack = '';
  return error;
}
