// The `_headers` the build writes (src/integrations/security-headers/): which inline scripts are
// hashed, that each page's policy allows its own scripts only, which addresses revalidate, that no header is named twice for one path (hosts would join
// the values), and that the file reads back as written. The served headers are checked in
// tests/e2e/headers.spec.ts.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, pageScripts } from '../../src/integrations/security-headers/built-pages.ts';
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

describe('page addresses and their scripts', () => {
  const [a, b, c, d, notFound] = [sha256('a'), sha256('b'), sha256('c'), sha256('d'), sha256('404')] as const;
  const pages = pageScripts(new Map([
    ['404.html', [notFound]],
    ['about.html', [a, b]],
    ['index.html', [a]],
    ['news/1.html', [c]],
    ['visa/1.html', [c]],
    ['visa/2.html', [a, d]],
    ['visa.html', [b]],
  ]));
  const hashesOf = (path: string) => pages.find((page) => page.path === path)?.scriptHashes;

  test('as hosts serve them: no .html, index at /, folders by pattern, the 404 page left out', () => {
    expect(pages.map((page) => page.path)).toEqual(['/about', '/', '/visa', '/news/*', '/visa/*']);
  });

  test('a page allows exactly its own scripts, each once', () => {
    expect(hashesOf('/about')).toEqual([a, b].sort());
    expect(hashesOf('/')).toEqual([a]);
  });

  test('a folder allows its pages\' scripts and the 404 page\'s, which hosts send for a missing page in it', () => {
    expect(hashesOf('/news/*')).toEqual([c, notFound].sort());
  });

  test('a page named like a folder shares the folder\'s policy, since Netlify\'s folder pattern matches it too', () => {
    expect(hashesOf('/visa/*')).toEqual([a, b, c, d, notFound].sort());
    expect(hashesOf('/visa')).toEqual(hashesOf('/visa/*'));
  });
});

describe('rules', () => {
  const inputs = {
    scriptHashes: [sha256('a'), sha256('b')],
    connectOrigins: ['https://project.supabase.co', 'https://project.supabase.co', 'https://api.emailjs.com'],
    imageOrigins: ['https://project.supabase.co'],
    https: true,
    pages: [
      { path: '/', scriptHashes: [sha256('a')] },
      { path: '/about', scriptHashes: [sha256('a'), sha256('b')] },
      { path: '/visa', scriptHashes: [sha256('c')] },
      { path: '/visa/*', scriptHashes: [sha256('c')] },
    ],
  };
  const rules = headerRules(inputs);

  test('no two rules that match one path name the same header', () => {
    const samples = ['/', '/about', '/visa', '/visa/3', '/_astro/x.js', '/flags/ca.svg', '/videos/a.mp4', '/data/t.json', '/robots.txt'];
    for (const path of samples) {
      const names = rules.filter((rule) => ruleMatches(rule.path, path)).flatMap((rule) => Object.keys(rule.headers));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  test('pages and data revalidate, fingerprinted assets are immutable', () => {
    expect(headersFor(rules, '/visa/3')['Cache-Control']).toBe(REVALIDATE);
    expect(headersFor(rules, '/data/t.json')['Cache-Control']).toBe(REVALIDATE);
    expect(headersFor(rules, '/_astro/x.js')['Cache-Control']).toBe(IMMUTABLE);
  });

  test('each page rule carries the policy of its own scripts; /* carries none, every path the other headers', () => {
    for (const { path, scriptHashes } of inputs.pages) {
      const sample = path.replace('*', '3');
      expect(headersFor(rules, sample)['Content-Security-Policy'], sample).toBe(contentSecurityPolicy({ ...inputs, scriptHashes }));
    }
    expect(rules.find((rule) => rule.path === '/*')?.headers).not.toHaveProperty('Content-Security-Policy');
    for (const path of ['/_astro/x.js', '/missing']) {
      expect(headersFor(rules, path)['Content-Security-Policy'], path).toBeUndefined();
      expect(headersFor(rules, path)['X-Content-Type-Options'], path).toBe('nosniff');
    }
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

  test("the content editor's pages (/cms/*) get its own policy, and no public page gets any of it", () => {
    const withCms = headerRules({ ...inputs, cmsLocalBackendUrl: 'http://localhost:8081/api/v1', pages: [...inputs.pages, { path: '/cms/*', scriptHashes: [sha256('d')] }] });
    const cms = headersFor(withCms, '/cms/')['Content-Security-Policy']!;
    expect(cms).toContain(`script-src 'self' 'unsafe-eval' '${sha256('d')}';`);
    expect(cms).toContain("connect-src 'self' blob: https://api.github.com https://project.supabase.co https://api.emailjs.com http://localhost:8081;");
    expect(cms).toContain("frame-ancestors 'none'");
    for (const path of ['/', '/about', '/visa/1']) {
      expect(headersFor(withCms, path)['Content-Security-Policy']).toBe(headersFor(rules, path)['Content-Security-Policy']);
    }
  });

  test('the pages of emailed token links send no Referer; every other page the default policy, named once', () => {
    const withTokenPages = headerRules({
      ...inputs,
      pages: [...inputs.pages, { path: '/appointment', scriptHashes: [] }, { path: '/unsubscribe', scriptHashes: [] }, { path: '/newsletter/*', scriptHashes: [] }],
    });
    for (const path of ['/appointment', '/unsubscribe', '/newsletter/confirm']) expect(headersFor(withTokenPages, path)['Referrer-Policy'], path).toBe('no-referrer');
    for (const path of ['/', '/about', '/visa/3']) expect(headersFor(withTokenPages, path)['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
  });

  test('HSTS only for an https site', () => {
    expect(headersFor(rules, '/')['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(headersFor(headerRules({ ...inputs, https: false }), '/')['Strict-Transport-Security']).toBeUndefined();
  });

  test('a header named by two matching rules is sent once, with both values joined, as hosts do', () => {
    const doubled = [{ path: '/*', headers: { 'X-A': '1' } }, { path: '/about', headers: { 'X-A': '2', 'X-B': '3' } }];
    expect(headersFor(doubled, '/about')).toEqual({ 'X-A': '1, 2', 'X-B': '3' });
    expect(headersFor(doubled, '/')).toEqual({ 'X-A': '1' });
  });

  test('the file reads back as written, and a file over a host\'s limits is refused', () => {
    expect(parseHeadersFile(formatHeadersFile(rules, 'a comment'))).toEqual(rules);
    const many = Array.from({ length: 101 }, (_, i) => ({ path: `/p${i}`, headers: { 'Cache-Control': REVALIDATE } }));
    expect(() => formatHeadersFile(many, 'too many')).toThrow(/101 rules/);
    expect(() => formatHeadersFile([{ path: '/*', headers: { 'X-Long': 'x'.repeat(2000) } }], 'too long')).toThrow(/characters/);
  });
});
