// The environment variables of the embedded backend and of the scripts around it (npm start,
// db:reset, admin:grant), read once and checked with zod. An empty variable (as in a copied
// .env.example) means "use the default"; any other value must be valid, or start-up stops with one
// line naming the variable and what it must be. Before this, `BACKEND_PORT=abc` quietly became
// the default port. Defaults that come from supabase/config.toml are applied in config.ts; the
// ones written here are the backend's own. .env.example lists every variable (tests/unit/env.test.ts).
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
function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER, kind = 'a whole number') {
  const what = max === Number.MAX_SAFE_INTEGER ? `${kind} of at least ${min}` : `${kind} from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, { error: what })
    .transform(Number)
    .pipe(z.number().min(min, { error: what }).max(max, { error: what }));
}

/** A TCP port; 0 asks the system for any free one. */
const port = () => wholeNumber(0, 65535, 'a port number');

/** An absolute http: or https: URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: 'an http(s) URL' });

/** `true` or `false`, in any letter case. */
export const flag = () => z.stringbool({ truthy: ['true'], falsy: ['false'], error: 'true or false' });

/** A comma-separated list; blanks around and between the items are dropped. */
function list<T extends z.ZodType<unknown, string>>(item: T) {
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

/** The backend's variables; each one is described in .env.example. */
export const backendEnvSchema = z.object({
  BACKEND_HOST: z.string().default('127.0.0.1'),
  // Without it, [api] port of config.toml (54321).
  BACKEND_PORT: port().optional(),
  // Without it, http://BACKEND_HOST:BACKEND_PORT.
  API_EXTERNAL_URL: httpUrl().optional(),
  SITE_PORT: port().default(4321),
  JWT_SECRET: z.string().min(32, { error: 'at least 32 characters long, as Supabase requires' }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// URL' }).optional(),
  PGLITE_DATA_DIR: z.string().optional(),
  // Without it, .local-data/storage, or memory:// when PGLITE_DATA_DIR is in memory (config.ts).
  STORAGE_DATA_DIR: z.string().optional(),
  // The site's origin, where email links land (the build reads the same variable, src/lib/site-env.ts).
  // Without it, config.toml [auth] site_url.
  SITE_URL: httpUrl().optional(),
  // Globs such as http://localhost:*/**, which are not URLs.
  AUTH_ADDITIONAL_REDIRECT_URLS: list(z.string()).default([]),
  CORS_ALLOWED_ORIGINS: list(httpUrl()).default([]),
  // bcrypt's own range of costs.
  BCRYPT_COST: wholeNumber(4, 31).default(10),
  BACKEND_LOG_REQUESTS: flag().default(false),
  BODY_LIMIT_BYTES: wholeNumber(1).default(1024 * 1024),
  SMTP_MAX_FREQUENCY: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_EMAIL_SENT: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_CLIENT: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_CODE_FAILURES_PER_CLIENT: wholeNumber(0).optional(),
  AUTH_RATE_LIMIT_CODE_FAILURES_PER_ACCOUNT: wholeNumber(0).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: port().default(587),
  SMTP_SECURE: flag().default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_ADMIN_EMAIL: z.email({ error: 'an email address' }).default('admin@email.com'),
  SMTP_SENDER_NAME: z.string().default('Bridgeway Visa & Immigration'),
  // The local mail catcher (port of the Supabase CLI's); npm start points the notification function's SMTP at it.
  SMTP_CATCHER_PORT: port().default(54325),
});

/** The backend's variables, parsed. */
export type BackendEnv = z.output<typeof backendEnvSchema>;

/** Reads and checks the backend's variables from env; a bad value throws a ConfigError. */
export function readBackendEnv(env: Env = process.env): BackendEnv {
  return readEnv(backendEnvSchema, env);
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
