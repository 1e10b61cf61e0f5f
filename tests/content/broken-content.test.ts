// An editor's mistake fails the build with the file and the field named (docs/product-decisions.md, content
// editors), in an editor's words: one plain line per problem with the file, the field and what is
// expected (src/lib/content/editor-errors.ts). Each case copies content/ to a temporary folder,
// breaks one thing, runs `astro sync` (the content-validation step of `astro build`) against it
// through CONTENT_DIR (tests/content/astro-project.ts), and reads the output.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAstroPool, type AstroProject } from './astro-project.ts';

let project: AstroProject;

beforeAll(() => {
  project = createAstroPool('broken-content-');
});

afterAll(() => {
  project?.remove();
});

/** Copies the content, lets `change` alter the copy and runs `astro sync` on it. */
function syncWith(change: (content: string) => void): ReturnType<AstroProject['run']> {
  const content = project.copyContent();
  change(content);
  return project.run('sync', content);
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

/** The output holds the line exactly, as a line of its own, and no markdown or stack around it. */
function expectLine(output: string, line: RegExp) {
  expect(output).toMatch(new RegExp(`^${line.source}$`, 'm'));
  expect(output).not.toContain('**');
  expect(output).not.toContain('Stack trace');
}

// Each case starts Astro once (several seconds on a busy machine), hence the generous time limit;
// the cases run side by side, as many at once as the pool has projects (a case waits its turn).
describe('a broken content file fails the build, naming the file and the field', { timeout: 240_000, concurrent: true }, () => {
  it('a field of the wrong type (a country name written as a number)', async () => {
    const { status, output } = await syncWithEdit('countries/ghana.mdx', (text) => text.replace(/^name: .*$/m, 'name: 42'));
    expect(status).not.toBe(0);
    expectLine(output, /\S*countries\/ghana\.mdx, name: must be text, not the number 42/);
  });

  it('a frontmatter field of the wrong shape (a country flag that is not an ISO code)', async () => {
    const { status, output } = await syncWithEdit('countries/ghana.mdx', (text) => text.replace('flag: GH', 'flag: Ghana'));
    expect(status).not.toBe(0);
    expectLine(output, /\S*countries\/ghana\.mdx, flag: must be the country’s two-letter ISO code in capitals, like GH/);
  });

  it('a missing field, a list too short and a value not allowed, each on its own line', async () => {
    const { status, output } = await syncWithEdit('countries/kenya.mdx', (text) =>
      text.replace(/^visaFree: .*$/m, '').replace(/^descriptions:\n  - .*$/m, 'descriptions:').replace('  - Business Visa', '  - Work Visa'),
    );
    expect(status).not.toBe(0);
    expectLine(output, /\S*countries\/kenya\.mdx, visaFree: is missing: add it \(text\)/);
    expectLine(output, /\S*countries\/kenya\.mdx, descriptions: needs exactly 3 items \(it has 2\)/);
    expectLine(output, /\S*countries\/kenya\.mdx, visaTypes › item 2: must be one of "Tourist Visa", .* \(it has the text "Work Visa"\)/);
  });

  it('a checklist key used twice in a visa (its files would share one folder)', async () => {
    const { status, output } = await syncWithEdit('visas/tourist-visa.mdx', (text) => text.replace('  - key: photo\n', '  - key: passport\n'));
    expect(status).not.toBe(0);
    expectLine(output, /\S*visas\/tourist-visa\.mdx, documents › item \d+ › key: the key "passport" is used twice in this checklist/);
  });

  it('a news date written as a timestamp', async () => {
    const { status, output } = await syncWithEdit('news/success-stories.mdx', (text) => text.replace(/^published: (\S+)$/m, 'published: $1T09:30:00Z'));
    expect(status).not.toBe(0);
    expectLine(output, /\S*news\/success-stories\.mdx, published: must be a date written YYYY-MM-DD, like 2025-01-31, with no time/);
  });

  it('a JSON entry with a missing field (a testimonial without its text)', async () => {
    const { status, output } = await syncWithEdit('testimonials.json', (text) => {
      const items = JSON.parse(text) as Record<string, unknown>[];
      delete items[4]!['text'];
      return JSON.stringify(items, null, 2);
    });
    expect(status).not.toBe(0);
    expectLine(output, /\S*testimonials\.json, entry 5, text: is missing: add it \(text\)/);
  });

  it('a picture that does not exist stops it, and one nobody uses is named (the build runs the cross-file checks)', async () => {
    const { status, output } = await syncWith((content) => {
      rmSync(join(content, 'images', 'news', 'success.webp'));
      writeFileSync(join(content, 'images', 'news', 'unused.webp'), readFileSync(join(content, 'images', 'news', 'experts.webp')));
    });
    expect(status).not.toBe(0);
    expectLine(output, /\S*news\/success-stories\.mdx: the picture images\/news\/success\.webp does not exist \(add it under images\/ or correct the path\)/);
    expectLine(output, /\S*images\/news\/unused\.webp is not used by any entry: reference it from an entry or delete it/);
  });

  it('a JSON syntax error (a trailing comma)', async () => {
    const { status, output } = await syncWithEdit('faq.json', (text) => text.replace(/\}\s*\]\s*$/, '},\n]\n'));
    expect(status).not.toBe(0);
    expect(output).toContain('faq.json is not valid JSON');
  });

  it('an id two files share (two pages at one URL), naming both files', async () => {
    const { status, output } = await syncWithEdit('countries/kenya.mdx', (text) => text.replace(/^id: \d+$/m, 'id: 1'));
    expect(status).not.toBe(0);
    expect(output).toMatch(/id 1 is used twice, by \S*countries\/\S+\.mdx and by \S*countries\/\S+\.mdx/);
    expect(output).toContain('countries/kenya.mdx');
  });

  it('an id two entries of a JSON list share', async () => {
    const { status, output } = await syncWithEdit('testimonials.json', (text) => {
      const items = JSON.parse(text) as { id: number }[];
      items[4]!.id = items[0]!.id;
      return JSON.stringify(items, null, 2);
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/testimonials\.json, entry 5/);
  });

  it('the unbroken copy passes, so the failures above come from the edits', async () => {
    const { status, output } = await syncWithEdit('site.json', (text) => `${text}\n`);
    expect(output).not.toMatch(/error/i);
    expect(status).toBe(0);
  });
});

describe('ids are stable: an editor removes an entry and the others keep theirs', { timeout: 240_000 }, () => {
  it('a gap in the ids builds (a country and a news item removed with their pictures, a service renumbered far past the others)', async () => {
    const { status, output } = await syncWith((content) => {
      for (const file of ['countries/ghana.mdx', 'images/countries/accra.webp', 'images/countries/cape-coast.webp', 'news/visa-interview-tips.mdx', 'images/news/interview.webp']) {
        rmSync(join(content, file));
      }
      const service = join(content, 'services', 'fast-processing.mdx');
      writeFileSync(service, readFileSync(service, 'utf-8').replace(/^id: \d+$/m, 'id: 40'));
    });
    expect(output).not.toMatch(/error/i);
    expect(status).toBe(0);
  });
});
