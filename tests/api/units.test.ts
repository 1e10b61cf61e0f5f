// The backend's pure parts without a server: config.toml reading, the redirect allow-list, the
// PostgREST query grammar, the SQL builder's refusals, and the browser client's settings (the
// Supabase project and the optional CAPTCHA).
import { describe, expect, test } from 'vitest';
import { parseToml } from '../../supabase/local/config-toml.ts';
import { loadConfig, LOCAL_JWT_SECRET } from '../../supabase/local/config.ts';
import { resolveRedirect } from '../../supabase/local/auth/redirect.ts';
import { tokenHash } from '../../supabase/local/auth/secrets.ts';
import { apiKeys } from '../../supabase/local/jwt.ts';
import { parseOrder, parseRangeHeader, parseReadPlan, parseSelect } from '../../supabase/local/rest/parse.ts';
import { buildRead } from '../../supabase/local/rest/sql.ts';
import type { Table } from '../../supabase/local/rest/catalog.ts';
import { HttpError } from '../../supabase/local/http-errors.ts';
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL, readSupabaseSettings } from '../../src/lib/supabase.ts';
import { captchaConfig } from '../../src/lib/captcha.ts';
import { productionBuildVariable, readSiteEnv } from '../../src/lib/site-env.ts';
import { ConfigError } from '../../common/env.ts';

describe('config.toml', () => {
  test('reads tables, strings, numbers, booleans, multi-line arrays and comments', () => {
    const toml = parseToml(`
[auth]
site_url = "http://localhost:4321" # trailing comment
minimum_password_length = 8
additional_redirect_urls = [
  "http://a/**", # first
  "http://b/#x",
]
[auth.email]
enable_confirmations = true
max_frequency = "1m0s"
`);
    expect(toml.get('auth')?.get('site_url')).toBe('http://localhost:4321');
    expect(toml.get('auth')?.get('minimum_password_length')).toBe(8);
    expect(toml.get('auth')?.get('additional_redirect_urls')).toEqual(['http://a/**', 'http://b/#x']);
    expect(toml.get('auth.email')?.get('enable_confirmations')).toBe(true);
  });

  test("the project's config gives the settings the backend enforces", () => {
    const config = loadConfig({}, {});
    expect(config.minPasswordLength).toBe(8);
    expect(config.enableConfirmations).toBe(true);
    expect(config.emailMaxFrequencySeconds).toBe(60);
    expect(config.port).toBe(54321);
    expect(config.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:4321', 'http://127.0.0.1:4321']));
  });

  test('empty environment variables mean "default"', () => {
    const config = loadConfig({}, { SITE_URL: '', JWT_SECRET: ' ', CORS_ALLOWED_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.siteUrl).toBe('http://localhost:4321');
    expect(config.jwtSecret).toBe(LOCAL_JWT_SECRET);
    expect(config.corsOrigins).toEqual(expect.arrayContaining(['https://a.example', 'https://b.example']));
  });

  test('the site origins allowed by CORS follow SITE_PORT', () => {
    const config = loadConfig({}, { SITE_PORT: '5000' });
    expect(config.corsOrigins).toEqual(expect.arrayContaining(['http://localhost:5000', 'http://127.0.0.1:5000']));
    expect(config.corsOrigins).not.toContain('http://127.0.0.1:4321');
  });
});

describe('redirect allow-list', () => {
  const allow = ['http://127.0.0.1:4321/**', 'https://*.bridgewayvisa.com/**'];
  test.each([
    ['http://localhost:4321/profile', 'http://localhost:4321/profile'],
    ['http://127.0.0.1:4321/reset?x=1', 'http://127.0.0.1:4321/reset?x=1'],
    ['https://www.bridgewayvisa.com/login', 'https://www.bridgewayvisa.com/login'],
    ['https://evil.example/login', 'http://localhost:4321'],
    ['https://bridgewayvisa.com.evil.example/', 'http://localhost:4321'],
    ['javascript:alert(1)', 'http://localhost:4321'],
    ['not a url', 'http://localhost:4321'],
  ])('%s -> %s', (requested, expected) => {
    expect(resolveRedirect(requested, 'http://localhost:4321', allow)).toBe(expected);
  });
});

describe('keys and tokens', () => {
  test("the local keys are the Supabase CLI's well-known ones, and the browser default matches", async () => {
    const keys = await apiKeys(LOCAL_JWT_SECRET);
    expect(keys.anonKey).toBe(LOCAL_SUPABASE_ANON_KEY);
    expect(keys.serviceRoleKey).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
    );
  });

  test('the link token is hex(sha224(email + code))', () => {
    expect(tokenHash('a@b.co', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHash('a@b.co', '123456')).not.toBe(tokenHash('a@b.co', '123457'));
  });
});

describe('browser client settings', () => {
  test('a production build without the project refuses, naming each variable; a local build falls back to the local backend', () => {
    const refusal = (name: string, marker: string) =>
      `Missing environment variable ${name}: a production build (${marker} is set) must name the Supabase project (Project Settings → API), or the site would call the local backend at 127.0.0.1:54321.`;
    expect(() => readSiteEnv({ NETLIFY: 'true' })).toThrow(ConfigError);
    expect(() => readSiteEnv({ NETLIFY: 'true' })).toThrow(`${refusal('PUBLIC_SUPABASE_URL', 'NETLIFY')}\n${refusal('PUBLIC_SUPABASE_ANON_KEY', 'NETLIFY')}`);
    expect(() => readSiteEnv({ CF_PAGES: '1', PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: ' ' })).toThrow(
      new RegExp(`^${refusal('PUBLIC_SUPABASE_ANON_KEY', 'CF_PAGES').replace(/[.()]/g, '\\$&')}$`),
    );
    expect(() => readSiteEnv({ PRODUCTION_BUILD: 'true', PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_abc123' })).toThrow(refusal('PUBLIC_SUPABASE_URL', 'PRODUCTION_BUILD'));
    const hosted = { PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_abc123' };
    expect(readSiteEnv({ VERCEL: '1', ...hosted })).toMatchObject(hosted);
    // CI (which the tests set) and a flag set to false are local builds.
    for (const env of [{}, { CI: 'true' }, { PRODUCTION_BUILD: 'false', NETLIFY: '' }]) {
      expect(productionBuildVariable(env)).toBeUndefined();
      expect(readSiteEnv(env).PUBLIC_SUPABASE_URL).toBeUndefined();
    }
    expect(readSupabaseSettings({})).toEqual({ url: LOCAL_SUPABASE_URL, anonKey: LOCAL_SUPABASE_ANON_KEY });
    expect(readSupabaseSettings({ PUBLIC_SUPABASE_URL: ' ', PUBLIC_SUPABASE_ANON_KEY: '' }).url).toBe(LOCAL_SUPABASE_URL);
  });
  test('accept a hosted project and refuse nonsense', () => {
    expect(readSupabaseSettings({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/', PUBLIC_SUPABASE_ANON_KEY: 'sb_publishable_abc123' })).toEqual({
      url: 'https://abc.supabase.co',
      anonKey: 'sb_publishable_abc123',
    });
    expect(() => readSupabaseSettings({ PUBLIC_SUPABASE_URL: 'ftp://x' })).toThrow(/PUBLIC_SUPABASE_URL/);
    expect(() => readSupabaseSettings({ PUBLIC_SUPABASE_ANON_KEY: 'not a key' })).toThrow(/PUBLIC_SUPABASE_ANON_KEY/);
  });
  test('a CAPTCHA only with a known provider and a site key', () => {
    expect(captchaConfig(undefined, undefined)).toBeNull();
    expect(captchaConfig('hcaptcha', '')).toBeNull();
    expect(captchaConfig('recaptcha', 'key')).toBeNull();
    expect(captchaConfig('turnstile', '0x4AAA')).toEqual({ provider: 'turnstile', siteKey: '0x4AAA' });
  });
});

describe('PostgREST grammar', () => {
  test('filters, logic trees, order and paging', () => {
    const plan = parseReadPlan(
      new URLSearchParams('select=id,who:name&name=not.ilike.*a*&id=in.(1,"2,3")&or=(a.eq.1,and(b.gt.2,c.is.null))&order=name.desc.nullslast,id&limit=10&offset=20'),
    );
    expect(plan.select).toEqual([{ column: 'id' }, { column: 'name', alias: 'who' }]);
    expect(plan.filters[0]).toEqual({ kind: 'condition', column: 'name', op: 'ilike', negate: true, value: '*a*' });
    expect(plan.filters[1]).toEqual({ kind: 'condition', column: 'id', op: 'in', negate: false, value: ['1', '2,3'] });
    expect(plan.filters[2]).toMatchObject({ kind: 'logic', op: 'or', children: [{ column: 'a' }, { kind: 'logic', op: 'and' }] });
    expect(plan.order).toEqual([{ column: 'name', direction: 'desc', nulls: 'last' }, { column: 'id', direction: 'asc' }]);
    expect([plan.limit, plan.offset]).toEqual([10, 20]);
  });

  test.each([
    ['select', () => parseSelect('id;drop table x')],
    ['select embedding', () => parseSelect('id,profiles(*)')],
    ['order', () => parseOrder('name.sideways')],
    ['order identifier', () => parseOrder('name"--')],
    ['operator', () => parseReadPlan(new URLSearchParams('name=contains.x'))],
    ['is value', () => parseReadPlan(new URLSearchParams('name=is.maybe'))],
    ['in list', () => parseReadPlan(new URLSearchParams('name=in.1,2'))],
    ['limit', () => parseReadPlan(new URLSearchParams('limit=1;'))],
  ])('refuses a bad %s with a 4xx', (_name, run) => {
    try {
      run();
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBeGreaterThanOrEqual(400);
      expect((err as HttpError).status).toBeLessThan(500);
    }
  });

  test('a Range header becomes offset and limit', () => {
    expect(parseRangeHeader('0-19')).toEqual({ offset: 0, limit: 20 });
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 });
    expect(parseRangeHeader('9-2')).toBeUndefined();
  });

  test('the SQL builder binds every value and quotes only catalog names', () => {
    const table: Table = {
      name: 'items',
      kind: 'table',
      columns: new Map(['id', 'name'].map((n) => [n, { name: n, type: 'text', hasDefault: false, generated: false }])),
      primaryKey: ['id'],
    };
    const evil = "x' or 1=1; drop table items; --";
    const stmt = buildRead(table, parseReadPlan(new URLSearchParams({ name: `eq.${evil}`, order: 'id.desc', limit: '5' })), { count: true, single: false });
    expect(stmt.text).not.toContain(evil);
    expect(stmt.params).toEqual([evil, '5']);
    expect(stmt.text).toContain('"name" = $1');
    expect(() => buildRead(table, parseReadPlan(new URLSearchParams({ secret: 'eq.1' })), { count: false, single: false })).toThrow(/does not exist/);
  });
});
