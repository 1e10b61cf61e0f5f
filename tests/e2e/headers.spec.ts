// Every page and asset is served with the headers of the build's _headers file: each
// page with a Content-Security-Policy that allows its own inline scripts by hash and no others, the
// other security headers on every response, and cache rules by kind of file. That the pages work under the policy is held by every browser test: the
// shared fixture fails a test on any violation (support/fixtures.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './support/fixtures.ts';
import { allRoutes } from './support/routes.ts';
import { E2E_API_URL, E2E_OUT_DIR } from './support/e2e-env.ts';
import { inlineScriptHashes } from '../../src/integrations/security-headers/built-pages.ts';
import { headersFor, parseHeadersFile } from '../../src/integrations/security-headers/headers-file.ts';
import { IMMUTABLE, REVALIDATE, TOKEN_LINK_PAGES } from '../../src/integrations/security-headers/policy.ts';

const rules = parseHeadersFile(readFileSync(join(E2E_OUT_DIR, '_headers'), 'utf8'));
const policy = headersFor(rules, '/')['Content-Security-Policy'] ?? '';
/** A policy's directives by name, each a list of sources. */
const directivesOf = (value: string) => new Map(value.split(';').map((part) => {
  const [name = '', ...sources] = part.trim().split(/\s+/);
  return [name, sources];
}));
const directives = directivesOf(policy);
/** The `sha256-…` sources a policy allows scripts by. */
const scriptHashesOf = (value: string) =>
  (directivesOf(value).get('script-src') ?? []).filter((source) => source.startsWith("'sha256-")).map((source) => source.slice(1, -1));

test('the policy allows scripts by hash only, and calls to and images from the site and its Supabase project', () => {
  const scripts = directives.get('script-src') ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts.filter((source) => source !== "'self'").every((source) => /^'sha256-[\w+/]+=*'$/.test(source))).toBe(true);
  // The e2e build configures no notification service, so none is allowed.
  expect(directives.get('connect-src')).toEqual(["'self'", E2E_API_URL]);
  // Previews: a chosen file's blob: URL, and a stored document's signed URL of the project.
  expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', E2E_API_URL]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(directives.get('form-action')).toEqual(["'self'"]);
});

test('every page is served with the security headers, a policy of its own scripts, and revalidates', async ({ request }) => {
  test.setTimeout(120_000);
  for (const path of ['/', ...allRoutes]) {
    const response = await request.get(path);
    const headers = response.headers();
    const ownHashes = [...new Set(inlineScriptHashes(await response.text()))].sort();
    const served = headers['content-security-policy'] ?? '';
    expect.soft(served, path).toBe(headersFor(rules, path)['Content-Security-Policy']);
    // A page with a rule of its own allows exactly its scripts; one in a folder, or named like one
    // (`/visa`), shares the folder's policy (its pages' scripts and the 404 page's), which must
    // still hold all of its own.
    const sharesFolder = path.lastIndexOf('/') > 0 || rules.some((rule) => rule.path === `${path}/*`);
    if (!sharesFolder) expect.soft(scriptHashesOf(served).sort(), path).toEqual(ownHashes);
    else expect.soft(scriptHashesOf(served), path).toEqual(expect.arrayContaining(ownHashes));
    expect.soft(directivesOf(served).get('frame-ancestors'), path).toEqual(["'none'"]);
    expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
    expect.soft(headers['x-frame-options'], path).toBe('DENY');
    // The pages an emailed link's token opens send no Referer at all (TOKEN_LINK_PAGES).
    expect.soft(headers['referrer-policy'], path).toBe(TOKEN_LINK_PAGES.includes(path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    expect.soft(headers['permissions-policy'], path).toMatch(/(^|, )camera=\(\)/);
    expect.soft(headers['cache-control'], path).toBe(REVALIDATE);
  }
});

test('HSTS is in the https build\'s _headers and never sent over the local http server', async ({ request }) => {
  expect(headersFor(rules, '/')['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  expect((await request.get('/')).headers()['strict-transport-security']).toBeUndefined();
});

test('fingerprinted assets are cached for a year; flags, videos and data by their own rules', async ({ page, request }) => {
  await page.goto('/');
  const asset = await page.locator('script[src^="/_astro/"]').first().getAttribute('src');
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()['cache-control']).toBe(IMMUTABLE);
  // A policy governs documents only: assets are sent without one, and with the other headers.
  expect(assetResponse.headers()['content-security-policy']).toBeUndefined();
  expect(assetResponse.headers()['x-content-type-options']).toBe('nosniff');
  expect((await request.get('/data/testimonials.json')).headers()['cache-control']).toBe(REVALIDATE);
  for (const path of ['/flags/ca.svg', '/videos/study-in-canada.mp4']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe(headersFor(rules, path)['Cache-Control']);
    expect(response.headers()['cache-control'], path).toMatch(/^public, max-age=[1-9]/);
  }
});

test('the 404 page carries its folder\'s policy under a folder, and none at an address no rule names', async ({ request }) => {
  const inFolder = await request.get('/services/no-such-service');
  expect(inFolder.status()).toBe(404);
  const notFoundHashes = inlineScriptHashes(await inFolder.text());
  expect(scriptHashesOf(inFolder.headers()['content-security-policy'] ?? '')).toEqual(expect.arrayContaining(notFoundHashes));
  const elsewhere = await request.get('/no-such-page');
  expect(elsewhere.status()).toBe(404);
  expect(elsewhere.headers()['content-security-policy']).toBeUndefined();
  expect(elsewhere.headers()['x-frame-options']).toBe('DENY');
});
