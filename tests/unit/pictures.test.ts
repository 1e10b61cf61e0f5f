import { describe, expect, it } from 'vitest';
import { isImageMetadata, toPicture } from '../../src/lib/pictures/picture.ts';

const metadata = { src: '/_astro/lagos.webp', width: 1200, height: 800, format: 'webp' };

describe('toPicture', () => {
  it('keeps the image metadata, the alt text and any extra field', () => {
    expect(toPicture({ src: metadata, alt: 'Lagos at dusk', placeName: 'Lagos' })).toEqual({
      src: metadata,
      alt: 'Lagos at dusk',
      placeName: 'Lagos',
    });
  });

  it.each([['../images/lagos.webp'], [null], [{ src: '/x.webp' }]])('rejects %j, naming the picture', (src) => {
    expect(() => toPicture({ src, alt: 'Lagos at dusk' })).toThrow(/Lagos at dusk/);
  });

  it('recognises image metadata by its source and dimensions', () => {
    expect(isImageMetadata(metadata)).toBe(true);
    expect(isImageMetadata({ ...metadata, width: '1200' })).toBe(false);
  });
});
