import { describe, expect, it } from 'vitest';
import { flagSvg } from '../../src/lib/content/flags.ts';

describe('flagSvg', () => {
  it.each(['NG', 'US', 'CA', 'GH', 'KE', 'FR', 'CH', 'AU', 'GB', 'CN'])('draws %s as a decorative 3:2 SVG', (code) => {
    const svg = flagSvg(code);
    expect(svg).toMatch(/^<svg aria-hidden="true" focusable="false" /);
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
