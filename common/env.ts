// How every program of the project reads its environment variables: the project's .env, then each
// variable checked with zod, by the field rules below. An empty variable (as in a copied
// .env.example) means "use the default"; any other value must be valid, or start-up stops with one
// line naming the variable and what it must be (before this, `BACKEND_PORT=abc` quietly became the
// default port). The variables themselves are listed by their readers: the embedded backend's in
// supabase/local/env.ts, the site build's in src/lib/site-env.ts; .env.example lists every one
// (tests/unit/env.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import * as z from 'zod';

/** A setting the backend cannot start with; its message is fit to print as it is, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Repository root: this file lives in common/. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/**
 * Applies the project's .env (see .env.example), if there is one, to env. Variables already set
 * win, even when empty, as with process.loadEnvFile: a caller can always override the file.
 */
export function loadProjectEnv(root = PROJECT_ROOT, env: Env = process.env): void {
  const file = join(root, '.env');
  if (!existsSync(file)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (!(key in env)) env[key] = value;
  }
}

/** A whole number from min to max, written in decimal digits only ('1e3' and '0x10' are refused). */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER, kind = 'a whole number') {
  const what = max === Number.MAX_SAFE_INTEGER ? `${kind} of at least ${min}` : `${kind} from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: what })
    .transform(Number)
    .pipe(z.number().min(min, { error: what }).max(max, { error: what }));
}

/** A TCP port; 0 asks the system for any free one. */
export const port = () => wholeNumber(0, 65535, 'a port number');

/** An absolute http: or https: URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'an http(s) URL' });

/** `true` or `false`, in any letter case. */
export const flag = () => z.stringbool({ truthy: ['true'], falsy: ['false'], error: 'true or false' });

/** A comma-separated list; blanks around and between the items are dropped. */
export function list<T extends z.ZodType<unknown, string>>(item: T) {
  return z.string().transform((text) => text.split(',').map((s) => s.trim()).filter(Boolean)).pipe(z.array(item));
}

/** Variables whose value an error message must not repeat. */
const SECRETS = new Set(['JWT_SECRET', 'SMTP_PASS', 'DATABASE_URL']);

/** Parses env with schema after dropping blank values; a bad value throws a ConfigError naming it. */
export function readEnv<S extends z.ZodObject>(schema: S, env: Env): z.output<S> {
  const present = Object.fromEntries(
    Object.keys(schema.shape).flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const shown = SECRETS.has(name) ? name : `${name}=${JSON.stringify(present[name])}`;
    return `Invalid environment variable ${shown}: it must be ${issue.message}.`;
  });
  throw new ConfigError([...new Set(lines)].join('\n'));
}

/**
 * Runs read and returns its result; on a ConfigError prints the message alone and ends the
 * process with status 1, since a stack trace would only hide the one line that matters.
 */
export function exitOnConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
