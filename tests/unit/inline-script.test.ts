// Inline scripts built from a module's function: the minified call still runs, and the overlay's
// script, which every page carries in its first bytes, stays small.
import { describe, expect, it } from 'vitest';
import { inlineCall } from '../../src/lib/inline-script.ts';
import { installOverlay } from '../../src/scripts/navigation-overlay.ts';

describe('inlineCall', () => {
  it('calls the function with the given expressions, minified', () => {
    const record = (value: number, sink: { value?: number }) => {
      const doubled = value * 2;
      sink.value = doubled;
    };
    const code = inlineCall(record, '21', 'sink');
    expect(code.length).toBeLessThan(`(${record.toString()})(21,sink)`.length);
    const sink: { value?: number } = {};
    new Function('sink', code)(sink);
    expect(sink.value).toBe(42);
  });

  it('keeps the overlay installer whole and under 1.5 KB', () => {
    const code = inlineCall(installOverlay, 'document.currentScript.previousElementSibling');
    expect(code.length).toBeLessThan(1500);
    // Minification must not drop the body: the installer reads the overlay's duration attribute.
    expect(code).toContain('data-duration-ms');
    // With no overlay element it returns at once; a syntax error would throw here.
    expect(() => new Function('document', code)({ currentScript: { previousElementSibling: null } })).not.toThrow();
  });
});
