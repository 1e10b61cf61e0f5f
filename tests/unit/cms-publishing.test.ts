// What the CMS tells an editor after saving (src/cms/publish-status.ts), from the build's output
// (src/lib/content/cms/publish-status.ts), and the id it gives a new entry (src/lib/content/cms/ids.ts).
import { describe, expect, it } from 'vitest';
import { publishStatusText } from '../../src/cms/publish-status.ts';
import { nextFreeId, usedBy } from '../../src/lib/content/cms/ids.ts';
import { buildFailureReason } from '../../src/lib/content/cms/publish-status.ts';

describe("the build's one-line reason", () => {
  it('is the content error, with the paths as the editor knows them', () => {
    const output = [
      '10:42:01 [content] Syncing content',
      'id 3 is used twice, by ../../tmp/x/content/news/a.mdx and by ../../tmp/x/content/news/b.mdx: each entry needs its own id (gaps are fine, so pick one no entry has).',
      '  Hint:',
      '    Fix the file named above and build again; docs/content.md explains each field.',
    ].join('\n');
    expect(buildFailureReason(output)).toBe('id 3 is used twice, by content/news/a.mdx and by content/news/b.mdx: each entry needs its own id (gaps are fine, so pick one no entry has).');
  });

  it("is a summary's first problem when the checks across files found several", () => {
    const output = [
      '10:42:01 [build] Building',
      'The content has 2 problems to fix (docs/content.md, When something is wrong):',
      '/home/x/site/content/countries/ghana.mdx, visaTypes › item 1: no file in visas/ has the type "Work visa"',
      'content/news/a.mdx: the picture images/news/gone.webp does not exist',
      'Hint:',
    ].join('\n');
    expect(buildFailureReason(output)).toBe(
      'The content has 2 problems to fix (docs/content.md, When something is wrong): content/countries/ghana.mdx, visaTypes › item 1: no file in visas/ has the type "Work visa"',
    );
  });

  it('is the last line of any other failure', () => {
    expect(buildFailureReason('10:42:01 [build] Building\nError: out of memory\n')).toBe('Error: out of memory');
    expect(buildFailureReason('')).toMatch(/see the terminal/);
  });
});

describe('the publish status line', () => {
  const at = '2026-11-29T09:00:00.000Z';
  it('says live, in progress, or failed with the reason', () => {
    expect(publishStatusText({ state: 'published', at })).toBe('Live: the site is up to date (built 29 Nov 2026, 10:00 WAT).');
    expect(publishStatusText({ state: 'building', at })).toMatch(/^Publishing: the site is being rebuilt/);
    expect(publishStatusText({ state: 'failed', at, reason: 'id 3 is used twice' })).toMatch(/^Not published: .* Why: id 3 is used twice Correct it and save again\.$/);
  });

  it('never says live for a build older than the last publish: on its way, then probably failed', () => {
    const published = '2026-11-29T09:05:00.000Z';
    expect(publishStatusText({ state: 'published', at }, published, Date.parse(published) + 60_000)).toMatch(/^Publishing: your change of 29 Nov 2026, 10:05 WAT is not on the site yet/);
    expect(publishStatusText({ state: 'published', at }, published, Date.parse(published) + 11 * 60_000)).toMatch(/^Not live: .* its build has probably failed/);
    expect(publishStatusText({ state: 'published', at: '2026-11-29T09:06:00.000Z' }, published)).toMatch(/^Live/);
  });
});

describe("a new entry's id", () => {
  it('is one more than the highest in use (gaps are kept: a removed number is not given again)', () => {
    expect(nextFreeId(new Map([[1, 'a'], [2, 'b'], [7, 'c']]))).toBe(8);
    expect(nextFreeId(new Map())).toBe(1);
  });

  it('names the entry that already uses a number', () => {
    const taken = new Map([[3, 'Success stories']]);
    expect(usedBy(taken, 3)).toBe('Success stories');
    expect(usedBy(taken, 4)).toBeUndefined();
    expect(usedBy(taken, '3')).toBeUndefined();
  });
});
