// The benchmark's measuring tools decide whether we meet the JavaScript budget, so they are tested
// like product code: a page's eager and deferred scripts, imports followed once, JSON-LD ignored.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePage, routeOf } from '../bench/lib/js-weight.ts';
import { resolveFile, serveStatic } from '../bench/lib/static-server.ts';

const gz = (text: string) => gzipSync(text, { level: 9 }).length;
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'bench-helpers-'));
  mkdirSync(join(dist, '_astro'));
  mkdirSync(join(dist, 'visa'));
  writeFileSync(join(dist, '_astro/shared.js'), 'export const x=1;');
  writeFileSync(join(dist, '_astro/page.js'), 'import"./shared.js";console.log(1);');
  writeFileSync(join(dist, '_astro/island.js'), 'import{x}from"./shared.js";export default x;');
  writeFileSync(join(dist, '_astro/client.js'), 'export default 2;');
  writeFileSync(join(dist, 'index.html'), '<h1>Home</h1><script type="application/ld+json">{"a":1}</script>');
  writeFileSync(
    join(dist, 'visa/1.html'),
    '<script type="module" src="/_astro/page.js"></script>' +
      '<astro-island client="visible" component-url="/_astro/island.js" renderer-url="/_astro/client.js"></astro-island>',
  );
  writeFileSync(join(dist, '404.html'), '<h1>Not found</h1>');
  writeFileSync(join(dist, '_astro/later.js'), 'console.log(2);');
  writeFileSync(
    join(dist, 'later.html'),
    '<script type="speculationrules">{"prefetch":[]}</script>' +
      '<template data-deferred-behaviours><script type="module" src="/_astro/later.js"></script></template>',
  );
});

describe('measurePage', () => {
  it('counts nothing for a page without scripts, ignoring JSON-LD', () => {
    expect(measurePage(dist, join(dist, 'index.html'))).toMatchObject({ eagerBytes: 0, deferredBytes: 0 });
  });

  it('splits eager scripts from deferred islands and counts a shared import once', () => {
    const weight = measurePage(dist, join(dist, 'visa/1.html'));
    expect(weight.eagerBytes).toBe(gz('import"./shared.js";console.log(1);') + gz('export const x=1;'));
    expect(weight.deferredBytes).toBe(gz('import{x}from"./shared.js";export default x;') + gz('export default 2;'));
  });

  it('counts scripts held in a <template> as deferred and speculation rules as no script', () => {
    expect(measurePage(dist, join(dist, 'later.html'))).toMatchObject({
      eagerBytes: 0,
      deferredBytes: gz('console.log(2);'),
    });
  });

  it('names routes the way the site serves them', () => {
    expect(routeOf(dist, join(dist, 'index.html'))).toBe('/');
    expect(routeOf(dist, join(dist, 'visa/1.html'))).toBe('/visa/1');
  });
});

describe('static server', () => {
  it('maps extensionless paths to .html and refuses to leave the root', () => {
    expect(resolveFile(dist, '/visa/1')).toBe(join(dist, 'visa/1.html'));
    expect(resolveFile(dist, '/')).toBe(join(dist, 'index.html'));
    expect(resolveFile(dist, '/../../etc/passwd')).toBeNull();
  });

  let close: () => void = () => {};
  afterAll(() => close());

  it('answers unknown paths with the 404 page and compresses text', async () => {
    const { origin, server } = await serveStatic(dist);
    close = () => server.close();
    const missing = await fetch(`${origin}/country/99`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Not found');
    const page = await fetch(`${origin}/visa/1`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends text gzipped whole, with its compressed length and no chunked framing, as a CDN does', async () => {
    const { origin, server } = await serveStatic(dist);
    const previous = close;
    close = () => (previous(), server.close());
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        get(`${origin}/visa/1`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const gz = await raw('gzip, deflate, br, zstd');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['transfer-encoding']).toBeUndefined();
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(gunzipSync(gz.body).toString());
  });
});
