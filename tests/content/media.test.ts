// The generated pictures and videos stay light enough for phones on slow networks (docs/product-decisions.md):
// pictures at their display size and mostly under 60 KB, videos short H.264 MP4 files under 300 KB.
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CONTENT_ROOT, PROJECT_ROOT, filesUnder } from './content-files.ts';

const pictures = filesUnder(join(CONTENT_ROOT, 'images'));
const videos = filesUnder(join(PROJECT_ROOT, 'public', 'videos'));

// Display sizes by folder: scene cards at most 1200x800, avatars and logos much smaller.
const MAX_SIZE: Record<string, { width: number; height: number }> = {
  testimonials: { width: 256, height: 256 },
  team: { width: 400, height: 400 },
  partners: { width: 320, height: 160 },
  videos: { width: 640, height: 360 },
};
const CARD = { width: 1200, height: 800 };

describe('pictures', () => {
  it.each(pictures.map((path) => [relative(CONTENT_ROOT, path), path]))('%s is a WebP at display size', async (_name, path) => {
    const meta = await sharp(path).metadata();
    const folder = relative(join(CONTENT_ROOT, 'images'), path).split('/')[0]!;
    const max = MAX_SIZE[folder] ?? CARD;
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(max.width);
    expect(meta.height).toBeLessThanOrEqual(max.height);
    expect(statSync(path).size).toBeLessThan(120_000);
  });

  it('nearly all pictures are under 60 KB and the whole set under 1.5 MB', () => {
    const sizes = pictures.map((path) => statSync(path).size);
    const heavy = sizes.filter((size) => size >= 60_000).length;
    expect(heavy / sizes.length).toBeLessThan(0.1);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(1_500_000);
  });
});

describe('testimony videos', () => {
  // That each file is one videos.json lists, and each listed one exists, is the build's check (src/lib/content/checks.ts).
  it.each(videos.map((path) => [relative(PROJECT_ROOT, path), path]))('%s is a small H.264 MP4 that starts playing before it has fully loaded', (_name, path) => {
    const bytes = readFileSync(path);
    expect(bytes.length).toBeLessThan(300_000);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.includes(Buffer.from('avc1'))).toBe(true);
    // "faststart": the index (moov) comes before the media data (mdat), so browsers can stream it.
    expect(bytes.indexOf(Buffer.from('moov'))).toBeLessThan(bytes.indexOf(Buffer.from('mdat')));
  });
});
