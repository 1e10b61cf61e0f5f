import { describe, expect, it } from 'vitest';
import { brandMarkDataUrl, brandMarkSvg } from '../../src/lib/pictures/brand-mark.ts';

describe('the brand mark', () => {
  it('is a standalone SVG document', () => {
    expect(brandMarkSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64">.*<\/svg>$/);
  });

  it('as a data URL decodes back to the same drawing', () => {
    const [prefix, payload] = [brandMarkDataUrl.slice(0, 19), brandMarkDataUrl.slice(19)];
    expect(prefix).toBe('data:image/svg+xml,');
    expect(decodeURIComponent(payload!)).toBe(brandMarkSvg.replaceAll('"', "'"));
    // Nothing in it would end the URL or the attribute early, or upset an HTML validator.
    expect(payload).not.toMatch(/[#<>"\s]/);
    expect(payload).not.toMatch(/%(?![0-9A-F]{2})/);
  });
});
