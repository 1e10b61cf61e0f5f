// What the worker needs to run, from the environment (supabase/local/env.ts checks every value;
// .env.example describes them). Without SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY it works on
// the local backend with its development key; without SMTP_HOST it sends to the local catcher.
import { loadConfig, type SmtpConfig } from '../supabase/local/config.ts';
import { readBackendEnv } from '../supabase/local/env.ts';
import { apiKeys } from '../supabase/local/jwt.ts';

export interface WorkerSettings {
  supabaseUrl: string;
  serviceRoleKey: string;
  smtp: SmtpConfig;
  /** Milliseconds one SMTP step (connect, greeting, each reply) may take before the send fails. */
  smtpTimeoutMs: number;
  from: { name: string; address: string };
  /** The site's origin: links in emails point at its pages. */
  siteUrl: string;
  pollMs: number;
  batchSize: number;
  /** The least lease a claim asks for; notifications/deliver.ts raises it for its claims to the batch's worst case (leaseSecondsFor). */
  leaseSeconds: number;
}

type Env = Record<string, string | undefined>;

/** Reads the worker's settings; a bad value throws a ConfigError naming it. */
export async function workerSettings(env: Env = process.env): Promise<WorkerSettings> {
  const vars = readBackendEnv(env);
  const config = loadConfig({}, env);
  return {
    supabaseUrl: vars.SUPABASE_URL ?? config.apiUrl,
    serviceRoleKey: vars.SUPABASE_SERVICE_ROLE_KEY ?? (await apiKeys(config.jwtSecret)).serviceRoleKey,
    // The catcher listens on loopback only, whatever BACKEND_HOST is.
    smtp: config.smtp ?? { host: '127.0.0.1', port: vars.SMTP_CATCHER_PORT, secure: false },
    smtpTimeoutMs: vars.NOTIFICATIONS_SMTP_TIMEOUT_MS,
    from: { name: config.senderName, address: config.senderEmail },
    siteUrl: config.siteUrl,
    pollMs: vars.NOTIFICATIONS_POLL_MS,
    batchSize: vars.NOTIFICATIONS_BATCH_SIZE,
    leaseSeconds: vars.NOTIFICATIONS_LEASE_SECONDS,
  };
}
