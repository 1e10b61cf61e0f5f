// The build step that moves Astro's inline <astro-island> code into a cached file.
import { describe, expect, it } from 'vitest';
import { externaliseRuntime } from '../../src/integrations/island-runtime.ts';

const RUNTIME = '(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const DIRECTIVE = '(()=>{(self.Astro||(self.Astro={})).session=()=>{};})();';

describe('externaliseRuntime', () => {
  it('replaces the runtime, and only it, with a deferred script of the file it names', () => {
    const page = `<nav><script>${DIRECTIVE}</script><script>${RUNTIME}</script><astro-island ssr></astro-island></nav>`;
    const { html, code } = externaliseRuntime(page, () => '/_astro/island-runtime.abc.js');
    expect(code).toBe(RUNTIME);
    expect(html).toBe(
      `<nav><script>${DIRECTIVE}</script><script src="/_astro/island-runtime.abc.js" defer></script><astro-island ssr></astro-island></nav>`,
    );
  });

  it('leaves a page without islands as it was', () => {
    const page = `<main><script>${DIRECTIVE}</script><script type="application/ld+json">{}</script></main>`;
    expect(externaliseRuntime(page, () => 'unused')).toEqual({ html: page, code: undefined });
  });

  it('keeps a `$` in the runtime from being read as a replacement pattern', () => {
    const page = `<script>${RUNTIME}</script>`;
    expect(externaliseRuntime(page, () => '/a$&b.js').html).toBe('<script src="/a$&b.js" defer></script>');
  });
});
