// How pictures load (src/lib/pictures/image-priority.ts) and which widths they are written in
// (src/lib/pictures/image-widths.ts).
import { describe, expect, it } from 'vitest';
import { imagePriority } from '../../src/lib/pictures/image-priority.ts';
import { responsiveWidths } from '../../src/lib/pictures/image-widths.ts';

describe('imagePriority', () => {
  it('loads the lead picture at once, first, and shows it with the frame it arrives in', () => {
    expect(imagePriority(true)).toEqual({ loading: 'eager', fetchpriority: 'high', decoding: 'sync' });
  });

  it('loads every other picture lazily, at low priority, decoded off to the side', () => {
    expect(imagePriority(false)).toEqual({ loading: 'lazy', fetchpriority: 'low', decoding: 'async' });
  });
});

describe('responsiveWidths', () => {
  it('writes the fallback at the largest width of the srcset, so it names a file the srcset has', () => {
    expect(responsiveWidths({ width: 1200 }, [400, 800])).toEqual({ widths: [400, 800], width: 800 });
    expect(responsiveWidths({ width: 1200 }, [960, 480, 720])).toEqual({ widths: [960, 480, 720], width: 960 });
  });

  it('stops at the original width, as the srcset does (Astro does not enlarge)', () => {
    expect(responsiveWidths({ width: 400 }, [320, 640])).toEqual({ widths: [320, 640], width: 400 });
  });
});
