import { describe, expect, it } from 'vitest';
import { flagDrawing, flagHref, flagSvg } from '../../src/lib/content/flags.ts';

describe('flagSvg', () => {
  it.each(['NG', 'US', 'CA', 'GH', 'KE', 'FR', 'CH', 'AU', 'GB', 'CN'])('draws %s as a 3:2 SVG document', (code) => {
    const svg = flagSvg(code);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Every flag in the 3x2 set keeps a 3:2 viewBox (Switzerland's is 768 x 512).
    const [, , width, height] = (svg?.match(/viewBox="([\d. ]+)"/)?.[1] ?? '').split(' ').map(Number);
    expect(width! / height!).toBeCloseTo(1.5, 2);
  });

  it('accepts lower-case codes', () => {
    expect(flagSvg('ng')).toBe(flagSvg('NG'));
  });

  it('returns undefined for a code the package does not know', () => {
    expect(flagSvg('ZZ')).toBeUndefined();
  });
});

describe('flagHref', () => {
  it('points at the lower-case static file the build writes', () => {
    expect(flagHref('NG')).toBe('/flags/ng.svg');
    expect(flagHref('gb')).toBe('/flags/gb.svg');
  });

  it('is undefined for a code without a flag, so no broken image is drawn', () => {
    expect(flagHref('ZZ')).toBeUndefined();
  });
});

describe('flagDrawing', () => {
  it('splits a flag into its viewBox and the markup inside <svg>, for drawing it inline', () => {
    const drawing = flagDrawing('NG');
    expect(drawing?.viewBox).toBe('0 0 513 342');
    expect(drawing?.body).toMatch(/^<path /);
    expect(drawing?.body).not.toContain('<svg');
    expect(drawing?.body).not.toContain('</svg>');
  });

  it('keeps the viewBox as the package draws it (Switzerland is 768 x 512)', () => {
    expect(flagDrawing('CH')?.viewBox).toBe('0 0 768 512');
  });

  it('is undefined for a code without a flag', () => {
    expect(flagDrawing('ZZ')).toBeUndefined();
  });
});
