// Reading a function's settings from its environment, and refusing to run without them: a missing
// or malformed variable stops the call before any row is claimed, with the variable's name in the
// function's log and a 500 that says "misconfigured". Nothing falls back to a local value: the
// embedded backend passes its local values explicitly (npm start), as `supabase secrets set` does
// on hosted.
import * as z from 'zod';
import type { FunctionSecret, InjectedVariable } from './secrets.ts';

/** A variable a function may read: one Supabase injects, or one of FUNCTION_SECRETS. */
export type VariableName = FunctionSecret | InjectedVariable;

/** Reads one variable of the function's environment (Deno.env.get on hosted and locally). */
export type Env = (name: VariableName) => string | undefined;

/** The function cannot run with this environment; `problems` has one line per variable, naming it, and `names` the variables. */
export class Misconfigured extends Error {
  constructor(
    readonly problems: string[],
    readonly names: string[] = [],
  ) {
    super(problems.join(' '));
    this.name = 'Misconfigured';
  }
}

/** Variables whose value a problem must never repeat. */
const SECRET = /KEY|PASS|SECRET/;

/**
 * Parses the named variables with `schema` (an object keyed by variable name; blank counts as
 * unset). Throws Misconfigured listing every bad variable with what it must be.
 */
export function readSettings<S extends z.ZodObject>(schema: S, env: Env): z.output<S> {
  const values = Object.fromEntries(
    Object.keys(schema.shape).flatMap((name) => {
      const value = env(name as VariableName)?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new Misconfigured(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = name in values && !SECRET.test(name) ? `${name}=${JSON.stringify(values[name])}` : name;
      return `${shown}: ${name in values ? 'must be' : 'is not set; it must be'} ${issue.message}.`;
    }),
    [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))],
  );
}

/** An absolute http(s) URL without a trailing slash. */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).transform((url) => url.replace(/\/+$/, ''));

/** A whole number from min to max, in decimal digits only. */
export function wholeNumber(min: number, max: number, what = 'a whole number') {
  const error = `${what} from ${min} to ${max}`;
  return z.string({ error }).regex(/^\d+$/, { error }).transform(Number).pipe(z.number().min(min, { error }).max(max, { error }));
}

/**
 * A JSON object of a project's named keys, as Supabase injects SUPABASE_SECRET_KEYS and
 * SUPABASE_PUBLISHABLE_KEYS (e.g. {"default":"sb_secret_…"}); `what` names it in a problem.
 */
export const namedKeys = (what: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: what });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), z.string().min(20), { error: what }));
