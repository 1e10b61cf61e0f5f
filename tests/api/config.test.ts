// supabase/config.toml is read by a complete TOML parser: what the old hand-written reader
// skipped in silence (leaving the default in force) now stops start-up, naming the line. A bad
// environment variable does the same (its kinds are in tests/unit/env.test.ts).
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, PROJECT_ROOT } from '../../supabase/local/config.ts';
import { ConfigError } from '../../common/env.ts';
import { parseToml } from '../../supabase/local/config-toml.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'visa-config-'));
  await mkdir(join(root, 'supabase'));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const writeToml = (text: string) => writeFile(join(root, 'supabase', 'config.toml'), text);

describe('a malformed config.toml', () => {
  test.each([
    ['a value without quotes', '[auth]\nsite_url = "http://localhost:4321"\nminimum_password_length = eight\n', 3],
    ['an unclosed table header', '[auth]\njwt_expiry = 3600\n\n[auth.email\nenable_confirmations = true\n', 4],
    ['a key given twice', '[auth]\nminimum_password_length = 8\nminimum_password_length = 10\n', 3],
    ['an unterminated string', '[auth]\nsite_url = "http://localhost:4321\n', 2],
  ])('fails loadConfig naming the file and line: %s', async (_label, text, line) => {
    await writeToml(text);
    expect(() => loadConfig({}, {}, root)).toThrow(ConfigError);
    expect(() => loadConfig({}, {}, root)).toThrow(`${join(root, 'supabase', 'config.toml')} line ${line}, column `);
  });
});

describe('a well-formed config.toml', () => {
  test('sets what it names, nested tables included, and leaves the rest at the defaults', async () => {
    await writeToml(
      [
        '[auth]',
        'minimum_password_length = 12 # a comment',
        'additional_redirect_urls = [',
        '  "http://a.example/**",',
        '  "http://b.example/#x",',
        ']',
        '[auth.email]',
        'max_frequency = "2m30s"',
        '[auth.email.template.recovery]',
        "subject = 'Reset it'",
      ].join('\n'),
    );
    const config = loadConfig({}, {}, root);
    expect(config.minPasswordLength).toBe(12);
    expect(config.additionalRedirectUrls).toEqual(['http://a.example/**', 'http://b.example/#x']);
    expect(config.emailMaxFrequencySeconds).toBe(150);
    expect(config.templates.recovery.subject).toBe('Reset it');
    expect(config.templates.confirmation.subject).toBe('Confirm Your Signup');
    expect(config.enableConfirmations).toBe(true);
  });

  test('tables are keyed by their dotted names, inline tables included', () => {
    const toml = parseToml('top = 1\n[api]\nport = 54321\n[auth]\nemail = { enable_signup = false }\n');
    expect(toml.get('')?.get('top')).toBe(1);
    expect(toml.get('api')?.get('port')).toBe(54321);
    expect(toml.get('auth.email')?.get('enable_signup')).toBe(false);
  });
});

describe('a bad environment variable at start-up', () => {
  // The entry points themselves, as `npm run backend`, `npm start` and `astro build` load them:
  // nothing starts, and the only output is the line naming the variable (no stack trace).
  test.each([
    ['npm run backend', 'supabase/local/main.ts', { BACKEND_PORT: 'abc' }, 'BACKEND_PORT="abc": it must be a port number from 0 to 65535.'],
    ['npm start', 'scripts/start.mjs', { BACKEND_PORT: 'abc' }, 'BACKEND_PORT="abc": it must be a port number from 0 to 65535.'],
    ['the site build', 'astro.config.mjs', { SITE_URL: 'www.example.com' }, 'SITE_URL="www.example.com": it must be an http(s) URL.'],
  ])('%s exits with status 1 and one line', (_command, entry, env, message) => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, entry)], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Invalid environment variable ${message}\n`);
  });
});
