// The environment variables of the backend, its scripts and the build: every kind of bad value is
// refused with the variable's name, blanks and absent values give the defaults, and .env.example
// lists exactly the variables the schemas know, each example value valid and each fixed default
// written as the schema has it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FUNCTION_SECRETS } from '../../supabase/functions/_shared/secrets.ts';
import { backendEnvSchema, ConfigError, PROJECT_ROOT, readBackendEnv, readEnv } from '../../common/env.ts';
import { readSiteEnv, siteEnvSchema } from '../../src/lib/site-env.ts';

describe('a bad value is refused with its name and what it must be', () => {
  test.each([
    ['a port', { BACKEND_PORT: 'abc' }, 'Invalid environment variable BACKEND_PORT="abc": it must be a port number from 0 to 65535.'],
    ['a port out of range', { SMTP_PORT: '70000' }, 'SMTP_PORT="70000": it must be a port number from 0 to 65535.'],
    ['a number written otherwise', { BODY_LIMIT_BYTES: '1e6' }, 'BODY_LIMIT_BYTES="1e6": it must be a whole number of at least 1.'],
    ['a number out of range', { BCRYPT_COST: '40' }, 'BCRYPT_COST="40": it must be a whole number from 4 to 31.'],
    ['a negative limit', { AUTH_RATE_LIMIT_TOKEN_REFRESH: '-1' }, 'AUTH_RATE_LIMIT_TOKEN_REFRESH="-1": it must be a whole number of at least 0.'],
    ['a URL', { SITE_URL: 'localhost:4321' }, 'SITE_URL="localhost:4321": it must be an http(s) URL.'],
    ['a URL in a list', { CORS_ALLOWED_ORIGINS: 'https://a.example, b.example' }, 'CORS_ALLOWED_ORIGINS="https://a.example, b.example": it must be an http(s) URL.'],
    ['a boolean', { BACKEND_LOG_REQUESTS: 'yes' }, 'BACKEND_LOG_REQUESTS="yes": it must be true or false.'],
    ['an email address', { SMTP_ADMIN_EMAIL: 'admin' }, 'SMTP_ADMIN_EMAIL="admin": it must be an email address.'],
  ])('%s', (_kind, env, message) => {
    expect(() => readBackendEnv(env)).toThrow(ConfigError);
    expect(() => readBackendEnv(env)).toThrow(message);
  });

  test('a secret is named but its value is not repeated', () => {
    expect(() => readBackendEnv({ JWT_SECRET: 'short-secret' })).toThrow(
      /^Invalid environment variable JWT_SECRET: it must be at least 32 characters long, as Supabase requires\.$/,
    );
    expect(() => readBackendEnv({ DATABASE_URL: 'mysql://user:pw@host/db' })).toThrow(/^Invalid environment variable DATABASE_URL: it must be a postgres:\/\/ URL\.$/);
  });

  test('the build refuses a bad URL the same way', () => {
    expect(() => readSiteEnv({ SITE_URL: 'www.bridgewayvisa.com' })).toThrow(
      'Invalid environment variable SITE_URL="www.bridgewayvisa.com": it must be an http(s) URL.',
    );
    expect(() => readSiteEnv({ PUBLIC_SUPABASE_URL: 'ftp://db.example' })).toThrow('PUBLIC_SUPABASE_URL="ftp://db.example"');
  });

  test('each bad variable has its own line', () => {
    expect(() => readBackendEnv({ BACKEND_PORT: 'x', SMTP_SECURE: 'maybe' })).toThrow(
      'Invalid environment variable BACKEND_PORT="x": it must be a port number from 0 to 65535.\n' +
        'Invalid environment variable SMTP_SECURE="maybe": it must be true or false.',
    );
  });
});

describe('good values and defaults', () => {
  test('nothing set, or blanks as in a copied .env.example, gives the defaults', () => {
    const defaults = readBackendEnv({});
    expect(readBackendEnv({ BACKEND_PORT: '', SITE_PORT: ' ', BACKEND_LOG_REQUESTS: '' })).toEqual(defaults);
    expect(defaults).toMatchObject({ BACKEND_HOST: '127.0.0.1', SITE_PORT: 4321, BCRYPT_COST: 10, BACKEND_LOG_REQUESTS: false, CORS_ALLOWED_ORIGINS: [] });
    expect(defaults.BACKEND_PORT).toBeUndefined();
    expect(readSiteEnv({ SITE_URL: '' })).toMatchObject({ SITE_URL: 'https://www.bridgewayvisa.com', ASTRO_OUT_DIR: './dist' });
  });

  test('values are parsed to their types', () => {
    expect(
      readBackendEnv({ BACKEND_PORT: '0', BACKEND_LOG_REQUESTS: 'TRUE', CORS_ALLOWED_ORIGINS: ' https://a.example ,, http://b.example:8080 ', AUTH_RATE_LIMIT_EMAIL_SENT: '1000' }),
    ).toMatchObject({ BACKEND_PORT: 0, BACKEND_LOG_REQUESTS: true, CORS_ALLOWED_ORIGINS: ['https://a.example', 'http://b.example:8080'], AUTH_RATE_LIMIT_EMAIL_SENT: 1000 });
  });

  test('variables the schema does not know are left alone', () => {
    expect(readBackendEnv({ PATH: '/usr/bin', E2E_PORT: 'x' })).toEqual(readBackendEnv({}));
  });
});

describe('.env.example', () => {
  // Lines `NAME=value` or `# NAME=value`; the tests' own section is for the test tooling
  // (tests/e2e/support/e2e-env.ts, tests/support/chromium.ts), which the schemas do not cover, and
  // the functions' section for their secrets, which the functions check themselves (in Deno).
  const text = readFileSync(join(PROJECT_ROOT, '.env.example'), 'utf8');
  const sections = text.split(/^# --- /m);
  const variables = (section: string) =>
    [...section.matchAll(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, comment, name, value]) => ({ name: name!, value: value!.trim(), commented: Boolean(comment) }));
  const entries = sections.filter((section) => !section.startsWith('Tests ') && !section.startsWith("The Edge Functions' secrets")).flatMap(variables);
  const functionSecrets = sections.filter((section) => section.startsWith("The Edge Functions' secrets")).flatMap(variables);
  const schemas = { ...backendEnvSchema.shape, ...siteEnvSchema.shape };

  test('lists every variable the schemas know, and only those', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(schemas).sort());
  });

  test("lists every secret of the functions (SITE_URL is the site's too), and only those", () => {
    expect([...functionSecrets.map((e) => e.name), 'SITE_URL'].sort()).toEqual(Object.keys(FUNCTION_SECRETS).sort());
  });

  test.each(entries.filter((e) => e.value !== ''))('$name=$value is valid, and is the default where there is a fixed one', ({ name, value, commented }) => {
    const schema = name in backendEnvSchema.shape ? backendEnvSchema : siteEnvSchema;
    const parsed = readEnv(schema, { [name]: value }) as Record<string, unknown>;
    const byDefault = readEnv(schema, {}) as Record<string, unknown>;
    if (!commented && byDefault[name] !== undefined) expect(parsed[name]).toEqual(byDefault[name]);
  });
});
