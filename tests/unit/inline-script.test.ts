// The scripts inlined before first paint (`?inline-script`, src/integrations/inline-scripts.ts): each
// is one classic script with everything it imports bundled in, and the overlay's script, which every
// page carries in its first bytes, stays small.
import { describe, expect, it } from 'vitest';
import installOverlay from '../../src/scripts/inline/install-overlay.ts?inline-script';
import addDeferredBehaviours from '../../src/scripts/inline/add-deferred-behaviours.ts?inline-script';
import sendToLogin from '../../src/scripts/inline/send-to-login.ts?inline-script';

describe('inline scripts', () => {
  it.each([
    ['install-overlay', installOverlay],
    ['add-deferred-behaviours', addDeferredBehaviours],
    ['send-to-login', sendToLogin],
  ])('%s is one minified classic script, its imports bundled in', (_name, code) => {
    // A module's `import` or `export` would be a syntax error in a classic script.
    expect(() => new Function(code)).not.toThrow();
    expect(code).not.toMatch(/\bimport\b|\bexport\b|\n/);
  });

  it('keeps the overlay installer whole and under 1.5 KB', () => {
    expect(installOverlay.length).toBeLessThan(1500);
    // Minification must not drop the body: the installer reads the overlay's duration attribute.
    expect(installOverlay).toContain('data-duration-ms');
    // With no overlay element it returns at once; a syntax error would throw here.
    expect(() => new Function('document', installOverlay)({ currentScript: { previousElementSibling: null } })).not.toThrow();
  });
});
