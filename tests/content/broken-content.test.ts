// An editor's mistake fails the build with the file and the field named (docs/product-decisions.md, content
// editors). Each case copies content/ to a temporary folder, breaks one thing, runs `astro sync`
// (the content-validation step of `astro build`) against it through CONTENT_DIR, and reads the
// output. Astro runs in a temporary project root that links to this project's src/ and
// node_modules/ (and supabase/, whose environment schema the config uses), so its generated .astro/ folder never touches the working tree.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ROOT, PROJECT_ROOT } from './content-files.ts';

let workspace: string;

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'broken-content-'));
  const project = join(workspace, 'project');
  cpSync(join(PROJECT_ROOT, 'astro.config.mjs'), join(project, 'astro.config.mjs'));
  cpSync(join(PROJECT_ROOT, 'package.json'), join(project, 'package.json'));
  cpSync(join(PROJECT_ROOT, 'tsconfig.json'), join(project, 'tsconfig.json'));
  symlinkSync(join(PROJECT_ROOT, 'src'), join(project, 'src'));
  // astro.config.mjs checks the environment with the backend's schema (supabase/local/env.ts).
  symlinkSync(join(PROJECT_ROOT, 'supabase'), join(project, 'supabase'));
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(project, 'node_modules'));
});

afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

/** Copies the content, lets `change` alter the copy and runs `astro sync` on it. */
function syncWith(change: (content: string) => void) {
  const content = mkdtempSync(join(workspace, 'content-'));
  cpSync(CONTENT_ROOT, content, { recursive: true });
  change(content);
  const cache = mkdtempSync(join(workspace, 'cache-'));
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'sync'], {
    cwd: join(workspace, 'project'),
    encoding: 'utf-8',
    env: {
      ...process.env,
      CONTENT_DIR: content,
      ASTRO_CACHE_DIR: cache,
      ASTRO_OUT_DIR: join(workspace, 'dist'),
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Copies the content, applies one edit to one file and runs `astro sync` on the copy. */
function syncWithEdit(file: string, edit: (text: string) => string) {
  return syncWith((content) => {
    const target = join(content, file);
    const original = readFileSync(target, 'utf-8');
    const broken = edit(original);
    expect(broken, 'the edit must change the file').not.toBe(original);
    writeFileSync(target, broken);
  });
}

// Each case starts Astro once (several seconds on a busy machine), hence the generous time limit.
describe('a broken content file fails the build, naming the file and the field', { timeout: 120_000 }, () => {
  it('a frontmatter field of the wrong shape (a country flag that is not an ISO code)', () => {
    const { status, output } = syncWithEdit('countries/ghana.mdx', (text) => text.replace('flag: GH', 'flag: Ghana'));
    expect(status).not.toBe(0);
    expect(output).toContain('countries/ghana.mdx');
    expect(output).toMatch(/^\s*flag:/m);
  });

  it('a visa type a country names that does not exist', () => {
    const { status, output } = syncWithEdit('countries/kenya.mdx', (text) => text.replace('  - Business Visa', '  - Work Visa'));
    expect(status).not.toBe(0);
    expect(output).toContain('countries/kenya.mdx');
    expect(output).toMatch(/visaTypes\.1/);
  });

  it('a checklist key used twice in a visa (its files would share one folder)', () => {
    const { status, output } = syncWithEdit('visas/tourist-visa.mdx', (text) => text.replace('  - key: photo\n', '  - key: passport\n'));
    expect(status).not.toBe(0);
    expect(output).toContain('visas/tourist-visa.mdx');
    expect(output).toContain('the key "passport" is used twice in this checklist');
  });

  it('a JSON entry with a missing field (a testimonial without its text)', () => {
    const { status, output } = syncWithEdit('testimonials.json', (text) => {
      const items = JSON.parse(text) as Record<string, unknown>[];
      delete items[4]!['text'];
      return JSON.stringify(items, null, 2);
    });
    expect(status).not.toBe(0);
    expect(output).toContain('testimonials.json');
    // Astro prints the path of the failing field first, then zod's message ("text: Required").
    expect(output).toMatch(/^\s*text\b.*Required/m);
  });

  it('a JSON syntax error (a trailing comma)', () => {
    const { status, output } = syncWithEdit('faq.json', (text) => text.replace(/\}\s*\]\s*$/, '},\n]\n'));
    expect(status).not.toBe(0);
    expect(output).toContain('faq.json is not valid JSON');
  });

  it('an id two files share (two pages at one URL), naming both files', () => {
    const { status, output } = syncWithEdit('countries/kenya.mdx', (text) => text.replace(/^id: \d+$/m, 'id: 1'));
    expect(status).not.toBe(0);
    expect(output).toMatch(/id 1 is used twice, by \S*countries\/\S+\.mdx and by \S*countries\/\S+\.mdx/);
    expect(output).toContain('countries/kenya.mdx');
  });

  it('an id two entries of a JSON list share', () => {
    const { status, output } = syncWithEdit('testimonials.json', (text) => {
      const items = JSON.parse(text) as { id: number }[];
      items[4]!.id = items[0]!.id;
      return JSON.stringify(items, null, 2);
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/testimonials\.json, entry 5/);
  });

  it('the unbroken copy passes, so the failures above come from the edits', () => {
    const { status, output } = syncWithEdit('site.json', (text) => `${text}\n`);
    expect(output).not.toMatch(/error/i);
    expect(status).toBe(0);
  });
});

describe('ids are stable: an editor removes an entry and the others keep theirs', { timeout: 120_000 }, () => {
  it('a gap in the ids builds (a country and a visa removed, a service renumbered far past the others)', () => {
    const { status, output } = syncWith((content) => {
      rmSync(join(content, 'countries', 'ghana.mdx'));
      rmSync(join(content, 'visas', 'visa-extension.mdx'));
      const service = join(content, 'services', 'fast-processing.mdx');
      writeFileSync(service, readFileSync(service, 'utf-8').replace(/^id: \d+$/m, 'id: 40'));
    });
    expect(output).not.toMatch(/error/i);
    expect(status).toBe(0);
  });
});
