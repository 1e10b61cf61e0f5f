// The embedded backend's environment variables (and those of the scripts around it: npm start,
// db:reset, admin:grant), read with the project's one set of field rules (common/env.ts). Defaults
// that come from supabase/config.toml are applied in config.ts; the ones written here are the
// backend's own. .env.example describes each one (tests/unit/env.test.ts).
import * as z from 'zod';
import { flag, httpUrl, list, port, readEnv, wholeNumber } from '../../common/env.ts';

type Env = Record<string, string | undefined>;

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
  AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY: wholeNumber(0).optional(),
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

