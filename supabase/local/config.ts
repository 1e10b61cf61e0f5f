// Settings of the embedded backend. supabase/config.toml (the hosted project's settings) is the
// source for everything the hosted project also has (password length, confirmations, redirect
// URLs, email subjects, token lifetimes); environment variables override the machine-specific parts.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FUNCTION_SECRETS } from '../functions/_shared/secrets.ts';
import { parseToml, type TomlTables, type TomlValue } from './config-toml.ts';
import { PROJECT_ROOT } from '../../common/env.ts';
import { readBackendEnv } from './env.ts';

// Tests and benchmarks find the repository through the backend's settings module.
export { PROJECT_ROOT } from '../../common/env.ts';

/** The Supabase CLI's published local JWT secret: public by design, never used in production. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface SmtpConfig {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  /** Implicit TLS (port 465 style). Otherwise the client upgrades with STARTTLS when offered. */
  secure: boolean;
}

interface EmailTemplate {
  subject: string;
  /** Absolute path of the HTML body template. */
  path: string;
}

/**
 * [auth.rate_limit] of supabase/config.toml: requests per client address (emails per hour, the rest
 * per 5 minutes); and this backend's own failure limits, which hosted Supabase does not have
 * (supabase/local/README.md justifies the numbers): failed password sign-ins per account and
 * client, and the account's ceiling, per day; wrong six-digit codes likewise, per code lifetime.
 */
export interface RateLimits {
  emailSent: number;
  signInSignUps: number;
  tokenVerifications: number;
  tokenRefresh: number;
  signInFailuresPerClient: number;
  signInFailuresPerAccount: number;
  codeFailuresPerClient: number;
  codeFailuresPerAccount: number;
  /** Second-factor challenges, and verifications, per client address a minute (GoTrue's MFA limit). */
  mfaChallengeAndVerify: number;
}

/** [auth.mfa] and [auth.mfa.totp] of supabase/config.toml, with GoTrue's defaults. */
export interface MfaConfig {
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  maxEnrolledFactors: number;
  /** Seconds a challenge may be verified (GoTrue's challenge_expiry_duration: 300, never less). */
  challengeExpirySeconds: number;
}

export interface BackendConfig {
  host: string;
  port: number;
  /** Port of the site served by `npm start`; its origins may call the API. */
  sitePort: number;
  /** Public base URL of this API, used inside email links. */
  apiUrl: string;
  jwtSecret: string;
  jwtExpirySeconds: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  corsOrigins: string[];
  minPasswordLength: number;
  enableConfirmations: boolean;
  /** Minimum gap between two emails to one user (GoTrue SMTP_MAX_FREQUENCY). */
  emailMaxFrequencySeconds: number;
  otpExpirySeconds: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseIntervalSeconds: number;
  bcryptCost: number;
  bodyLimitBytes: number;
  senderEmail: string;
  senderName: string;
  templates: { confirmation: EmailTemplate; recovery: EmailTemplate };
  smtp: SmtpConfig | null;
  /** Port of the local SMTP catcher that feeds the mailbox (0 picks a free one; null runs none). */
  smtpCatcherPort: number | null;
  /** Most rows one REST read returns (PostgREST max-rows); null for no cap. */
  maxRows: number | null;
  /** Messages kept in the in-memory mailbox; older ones are dropped first. */
  mailboxLimit: number;
  /** Print one line per request (method, path, status, milliseconds). */
  logRequests: boolean;
  /** [auth] enable_signup: false answers signup with 422 signup_disabled. */
  enableSignup: boolean;
  /** [auth] enable_anonymous_sign_ins: false answers a signup without email or phone with 422 anonymous_provider_disabled. */
  enableAnonymousSignIns: boolean;
  rateLimits: RateLimits;
  /** [auth.mfa]: TOTP enrolment and verification on or off, factors a user may hold, a challenge's life. */
  mfa: MfaConfig;
  /** Folder of Storage's file bytes, or `memory://` to keep them in memory (tests). */
  storageDir: string;
  /** Largest Storage object when a bucket sets no smaller file_size_limit ([storage] file_size_limit). */
  storageFileSizeLimitBytes: number;
  /**
   * The Edge Functions' secrets (supabase/functions/_shared/secrets.ts), as `supabase secrets set`
   * gives them to a hosted project: the variables of that list set in the environment, passed to
   * Deno as they are. The backend adds nothing: a function missing one refuses to run, naming it.
   */
  functionSecrets: Record<string, string>;
  /**
   * Whether the database calls the queues' functions: at start the backend writes its own address
   * and service key into Vault (project_url, queue_functions_key), as docs/deploy.md has a project
   * do once. Off, queued rows wait (tests that drive the functions themselves).
   */
  callQueueFunctions: boolean;
}

type Env = Record<string, string | undefined>;

/** A local address with its port: origin (scheme and host), port, and the rest. */
const LOCAL_URL = /^(https?:\/\/(?:localhost|127\.0\.0\.1)):(\d+)(.*)$/;

/**
 * npm start serves the site on SITE_PORT (4321 unless set): a local address of config.toml's on
 * the port of its site_url (the site_url itself and the redirect URLs beside it) moves to that
 * port, so email links open the site that is running, not a port nothing listens on.
 */
export function followSitePort(url: string, tomlSitePort: string | undefined, sitePort: number): string {
  const match = LOCAL_URL.exec(url);
  return match && tomlSitePort !== undefined && match[2] === tomlSitePort ? `${match[1]}:${sitePort}${match[3]}` : url;
}

/**
 * Builds the configuration from supabase/config.toml, the environment and explicit overrides.
 * A bad environment value or a malformed config.toml throws a ConfigError.
 */
export function loadConfig(overrides: Partial<BackendConfig> = {}, rawEnv: Env = process.env, root = PROJECT_ROOT): BackendConfig {
  const env = readBackendEnv(rawEnv);
  const tomlPath = join(root, 'supabase', 'config.toml');
  const toml: TomlTables = existsSync(tomlPath) ? parseToml(readFileSync(tomlPath, 'utf8'), tomlPath) : new Map();
  const get = (table: string, key: string): TomlValue | undefined => toml.get(table)?.get(key);

  const host = env.BACKEND_HOST;
  const port = env.BACKEND_PORT ?? num(get('api', 'port')) ?? 54321;
  const tomlSiteUrl = str(get('auth', 'site_url')) ?? 'http://localhost:4321';
  const tomlSitePort = LOCAL_URL.exec(tomlSiteUrl)?.[2];
  const onSitePort = (url: string) => followSitePort(url, tomlSitePort, env.SITE_PORT);
  const siteUrl = env.SITE_URL ?? onSitePort(tomlSiteUrl);
  const tomlRedirects = get('auth', 'additional_redirect_urls');
  const templatePath = (name: string) => {
    const configured = str(get(`auth.email.template.${name}`, 'content_path'));
    return configured ? resolve(root, configured) : join(root, 'supabase', 'templates', `${name}.html`);
  };
  const subject = (name: string, fallback: string) => str(get(`auth.email.template.${name}`, 'subject')) ?? fallback;

  const config: BackendConfig = {
    host,
    port,
    sitePort: env.SITE_PORT,
    apiUrl: env.API_EXTERNAL_URL ?? `http://${host}:${port}`,
    jwtSecret: env.JWT_SECRET ?? LOCAL_JWT_SECRET,
    jwtExpirySeconds: num(get('auth', 'jwt_expiry')) ?? 3600,
    siteUrl,
    additionalRedirectUrls: [
      ...(Array.isArray(tomlRedirects) ? tomlRedirects.filter((u) => typeof u === 'string').map(onSitePort) : []),
      ...env.AUTH_ADDITIONAL_REDIRECT_URLS,
    ],
    // scripts/start.mjs serves the site on SITE_PORT; the browser calls the API from there.
    corsOrigins: unique([
      `http://localhost:${env.SITE_PORT}`,
      `http://127.0.0.1:${env.SITE_PORT}`,
      new URL(siteUrl).origin,
      ...env.CORS_ALLOWED_ORIGINS,
    ]),
    minPasswordLength: num(get('auth', 'minimum_password_length')) ?? 8,
    enableConfirmations: bool(get('auth.email', 'enable_confirmations')) ?? true,
    emailMaxFrequencySeconds: env.SMTP_MAX_FREQUENCY ?? duration(get('auth.email', 'max_frequency')) ?? 60,
    otpExpirySeconds: num(get('auth.email', 'otp_expiry')) ?? 86400,
    refreshTokenRotation: bool(get('auth', 'enable_refresh_token_rotation')) ?? true,
    refreshTokenReuseIntervalSeconds: num(get('auth', 'refresh_token_reuse_interval')) ?? 10,
    bcryptCost: env.BCRYPT_COST,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    senderEmail: env.SMTP_ADMIN_EMAIL,
    senderName: env.SMTP_SENDER_NAME,
    templates: {
      confirmation: { subject: subject('confirmation', 'Confirm Your Signup'), path: templatePath('confirmation') },
      recovery: { subject: subject('recovery', 'Reset Your Password'), path: templatePath('recovery') },
    },
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          // Port 465 is implicit TLS whatever SMTP_SECURE says.
          secure: env.SMTP_SECURE || env.SMTP_PORT === 465,
          ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
          ...(env.SMTP_PASS ? { pass: env.SMTP_PASS } : {}),
        }
      : null,
    smtpCatcherPort: env.SMTP_CATCHER_PORT,
    maxRows: num(get('api', 'max_rows')) ?? null,
    mailboxLimit: 1000,
    logRequests: env.BACKEND_LOG_REQUESTS,
    enableSignup: bool(get('auth', 'enable_signup')) ?? true,
    enableAnonymousSignIns: bool(get('auth', 'enable_anonymous_sign_ins')) ?? false,
    // The environment may set other limits (test suites and benchmarks sign in many times from
    // one address); GoTrue's defaults apply when config.toml names none.
    storageDir: env.STORAGE_DATA_DIR ?? (env.PGLITE_DATA_DIR?.startsWith('memory://') ? 'memory://' : join(root, '.local-data', 'storage')),
    // Hosted's default global limit is 50 MiB, as the Supabase CLI's config.toml says.
    storageFileSizeLimitBytes: byteSize(get('storage', 'file_size_limit')) ?? 50 * 1024 * 1024,
    functionSecrets: Object.fromEntries(
      Object.keys(FUNCTION_SECRETS).flatMap((name) => {
        const value = rawEnv[name]?.trim();
        return value ? [[name, value]] : [];
      }),
    ),
    callQueueFunctions: true,
    mfa: {
      // The Supabase CLI's defaults when [auth.mfa.totp] says nothing: enrolment and verification on.
      totpEnrollEnabled: bool(get('auth.mfa.totp', 'enroll_enabled')) ?? true,
      totpVerifyEnabled: bool(get('auth.mfa.totp', 'verify_enabled')) ?? true,
      maxEnrolledFactors: num(get('auth.mfa', 'max_enrolled_factors')) ?? 10,
      challengeExpirySeconds: 300,
    },
    rateLimits: {
      emailSent: env.AUTH_RATE_LIMIT_EMAIL_SENT ?? num(get('auth.rate_limit', 'email_sent')) ?? 2,
      signInSignUps: env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS ?? num(get('auth.rate_limit', 'sign_in_sign_ups')) ?? 30,
      tokenVerifications: env.AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS ?? num(get('auth.rate_limit', 'token_verifications')) ?? 30,
      tokenRefresh: env.AUTH_RATE_LIMIT_TOKEN_REFRESH ?? num(get('auth.rate_limit', 'token_refresh')) ?? 150,
      // Not in config.toml: the hosted project has no such settings, so only the environment changes them.
      signInFailuresPerClient: env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_CLIENT ?? 30,
      signInFailuresPerAccount: env.AUTH_RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT ?? 100,
      codeFailuresPerClient: env.AUTH_RATE_LIMIT_CODE_FAILURES_PER_CLIENT ?? 5,
      codeFailuresPerAccount: env.AUTH_RATE_LIMIT_CODE_FAILURES_PER_ACCOUNT ?? 30,
      // Hosted's 15 a minute (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY); config.toml has no key for it.
      mfaChallengeAndVerify: env.AUTH_RATE_LIMIT_MFA_CHALLENGE_AND_VERIFY ?? 15,
    },
  };
  return { ...config, ...overrides };
}

function str(v: TomlValue | undefined): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}
function num(v: TomlValue | undefined): number | undefined {
  return typeof v === 'number' ? v : undefined;
}
function bool(v: TomlValue | undefined): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined;
}
function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
/** Reads a size such as "50MiB", "512KiB" or "1GB" (config.toml's form) as bytes. */
function byteSize(v: TomlValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  const m = typeof v === 'string' ? /^(\d+)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i.exec(v.trim()) : null;
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase();
  const factor = unit === 'b' ? 1 : 1024 ** ('kmg'.indexOf(unit[0]!) + 1);
  return Number(m[1]) * factor;
}

/** Reads a Go-style duration such as "60s", "1m" or "1m30s" as seconds. */
function duration(v: TomlValue | undefined): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return undefined;
  const re = /(\d+)(h|m|s)/g;
  let total = 0;
  let matched = false;
  for (const m of v.matchAll(re)) {
    matched = true;
    total += Number(m[1]) * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1);
  }
  return matched ? total : undefined;
}
