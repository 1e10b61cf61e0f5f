// The scripts inlined before first paint (`?inline-script`, src/integrations/inline-scripts.ts): each
// is one classic script with everything it imports bundled in, and the page's first script, which
// every page carries in its first bytes, stays small.
import { describe, expect, it } from 'vitest';
import startPage from '../../src/page-scripts/inline/start-page.ts?inline-script';
import sendToLogin from '../../src/page-scripts/inline/send-to-login.ts?inline-script';

describe('inline scripts', () => {
  it.each([
    ['start-page', startPage],
    ['send-to-login', sendToLogin],
  ])('%s is one minified classic script, its imports bundled in', (_name, code) => {
    // A module's `import` or `export` would be a syntax error in a classic script.
    expect(() => new Function(code)).not.toThrow();
    expect(code).not.toMatch(/\bimport\b|\bexport\b|\n/);
  });

  it("keeps the page's first script whole and under 3.2 KB", () => {
    // The overlay installer, the stored-session mark, the early-submit guard and the late scripts' loader.
    expect(startPage.length).toBeLessThan(3200);
    // Minification must not drop a part: each reads or writes its own attribute.
    for (const part of ['data-duration-ms', 'data-session', 'data-pending-submit', 'template[data-deferred-behaviours]']) {
      expect(startPage).toContain(part);
    }
  });
});
