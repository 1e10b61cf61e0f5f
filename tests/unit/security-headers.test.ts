// The `_headers` the build writes (src/integrations/security-headers/): which inline scripts are
// hashed, which addresses revalidate, that no header is named twice for one path (hosts would join
// the values), and that the file reads back as written. The served headers are checked in
// tests/e2e/headers.spec.ts.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, pagePaths } from '../../src/integrations/security-headers/built-pages.ts';
import { formatHeadersFile, headersFor, parseHeadersFile, ruleMatches } from '../../src/integrations/security-headers/headers-file.ts';
import { contentSecurityPolicy, headerRules, IMMUTABLE, REVALIDATE } from '../../src/integrations/security-headers/policy.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('inline script hashes', () => {
  test('every inline script and speculation rule is hashed, byte for byte; files and JSON-LD are not', () => {
    const html = [
      '<script>(()=>{ run("é") })()</script>',
      '<script type="speculationrules">{"prefetch":[]}</script>',
      '<script type="module" src="/_astro/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="module">\n  import "/_astro/b.js";\n</script>',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([
      sha256('(()=>{ run("é") })()'),
      sha256('{"prefetch":[]}'),
      sha256('\n  import "/_astro/b.js";\n'),
    ]);
  });
});

describe('page addresses', () => {
  test('as hosts serve them: no .html, index at /, folders by pattern, the 404 page left out', () => {
    expect(pagePaths(['404.html', 'about.html', 'index.html', 'visa/1.html', 'visa/2.html', 'visa.html'])).toEqual([
      '/about',
      '/',
      '/visa',
      '/visa/*',
    ]);
  });
});

describe('rules', () => {
  const inputs = {
    scriptHashes: [sha256('a'), sha256('b')],
    connectOrigins: ['https://project.supabase.co', 'https://project.supabase.co', 'https://api.emailjs.com'],
    imageOrigins: ['https://project.supabase.co'],
    https: true,
    htmlPaths: ['/', '/about', '/visa', '/visa/*'],
  };
  const rules = headerRules(inputs);

  test('no two rules that match one path name the same header', () => {
    const samples = ['/', '/about', '/visa', '/visa/3', '/_astro/x.js', '/flags/ca.svg', '/videos/a.mp4', '/data/t.json', '/robots.txt'];
    for (const path of samples) {
      const names = rules.filter((rule) => ruleMatches(rule.path, path)).flatMap((rule) => Object.keys(rule.headers));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  test('pages and data revalidate, fingerprinted assets are immutable, every path gets the policy', () => {
    expect(headersFor(rules, '/visa/3')['Cache-Control']).toBe(REVALIDATE);
    expect(headersFor(rules, '/data/t.json')['Cache-Control']).toBe(REVALIDATE);
    expect(headersFor(rules, '/_astro/x.js')['Cache-Control']).toBe(IMMUTABLE);
    expect(headersFor(rules, '/_astro/x.js')['Content-Security-Policy']).toBe(contentSecurityPolicy(inputs));
  });

  test('scripts by hash only; connections to the site and the origins given, each once', () => {
    const policy = contentSecurityPolicy(inputs);
    expect(policy).toContain(`script-src 'self' '${sha256('a')}' '${sha256('b')}';`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("connect-src 'self' https://project.supabase.co https://api.emailjs.com;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  test('images from the site, data: and blob: URLs and the Supabase project only', () => {
    expect(contentSecurityPolicy(inputs)).toContain("img-src 'self' data: blob: https://project.supabase.co;");
  });

  test('no frames, and a CAPTCHA provider\'s script and frame only when one is configured', () => {
    expect(contentSecurityPolicy(inputs)).toContain("frame-src 'none'");
    expect(contentSecurityPolicy(inputs)).not.toContain('cloudflare');
    const withTurnstile = contentSecurityPolicy({ ...inputs, captcha: 'turnstile' });
    expect(withTurnstile).toMatch(/script-src [^;]* https:\/\/challenges\.cloudflare\.com;/);
    expect(withTurnstile).toContain('frame-src https://challenges.cloudflare.com;');
  });

  test('HSTS only for an https site', () => {
    expect(headersFor(rules, '/')['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(headersFor(headerRules({ ...inputs, https: false }), '/')['Strict-Transport-Security']).toBeUndefined();
  });

  test('the file reads back as written, and a file over a host\'s limits is refused', () => {
    expect(parseHeadersFile(formatHeadersFile(rules, 'a comment'))).toEqual(rules);
    const many = Array.from({ length: 101 }, (_, i) => ({ path: `/p${i}`, headers: { 'Cache-Control': REVALIDATE } }));
    expect(() => formatHeadersFile(many, 'too many')).toThrow(/101 rules/);
    expect(() => formatHeadersFile([{ path: '/*', headers: { 'X-Long': 'x'.repeat(2000) } }], 'too long')).toThrow(/characters/);
  });
});
