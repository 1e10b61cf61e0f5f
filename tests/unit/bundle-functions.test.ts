// What the Edge Functions bundle from the repository (scripts/bundle-functions.ts): content/site.json
// checked with the site's own schema when it is bundled, so a typo stops the build naming its
// field, and only what the emails need written into send-notifications; `npm run deploy:check`
// refuses a brand file that is missing or older than content/site.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { BRAND_MODULE, bundleFunctions, staleBrandModule } from '../../scripts/bundle-functions.ts';
import { PROJECT_ROOT } from '../../common/env.ts';

const site = JSON.parse(readFileSync(join(PROJECT_ROOT, 'content', 'site.json'), 'utf8')) as Record<string, unknown> & { notifications: { staff: string[] } };
let root: string;

/** A repository of its own with this content/site.json. */
function repository(content: unknown): string {
  root = mkdtempSync(join(tmpdir(), 'bundle-functions-'));
  mkdirSync(join(root, 'content'));
  mkdirSync(join(root, BRAND_MODULE, '..'), { recursive: true });
  writeFileSync(join(root, 'content', 'site.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('bundling content/site.json into send-notifications', () => {
  test('writes the name, the contact details and the staff, and nothing else of the site', () => {
    expect(bundleFunctions(repository(site))).toEqual({ written: BRAND_MODULE });
    const written = readFileSync(join(root, BRAND_MODULE), 'utf8');
    expect(written).toContain(`"staff": [\n    "${site.notifications.staff[0]}"\n  ]`);
    expect(written).toContain('"name": "Bridgeway Visa & Immigration"');
    expect(written).not.toContain('timings');
  });

  test('a staff address that is not one mailbox fails, naming the field, and writes nothing', () => {
    expect(() => bundleFunctions(repository({ ...site, notifications: { staff: ['bookings@bridgewayvisa.com', 'Staff <staff@bridgewayvisa.com>'] } }))).toThrow(
      /^content\/site\.json cannot be bundled into the functions:\n {2}notifications\.staff\.1: must be one email address/,
    );
    expect(() => readFileSync(join(root, BRAND_MODULE))).toThrow(/ENOENT/);
  });

  test('a missing field and a file that is not JSON are named too', () => {
    const { contact: _contact, ...withoutContact } = site;
    expect(() => bundleFunctions(repository(withoutContact))).toThrow(/\n {2}contact: /);
    expect(() => bundleFunctions(repository('{ "name": '))).toThrow(/^content\/site\.json: /);
  });
});

describe('deploy:check: the brand file the CLI uploads', () => {
  test('missing before functions:bundle, current after it, stale once content/site.json changes', () => {
    repository(site);
    expect(staleBrandModule(root)).toBe(`${BRAND_MODULE} does not exist: run npm run functions:bundle`);
    bundleFunctions(root);
    expect(staleBrandModule(root)).toBeNull();
    writeFileSync(join(root, 'content', 'site.json'), JSON.stringify({ ...site, notifications: { staff: ['someone-else@bridgewayvisa.com'] } }));
    expect(staleBrandModule(root)).toBe(`${BRAND_MODULE} differs from what content/site.json gives: run npm run functions:bundle`);
  });
});
