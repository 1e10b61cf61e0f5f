// The build step that moves Astro's inline island code into cached files the page's loader adds
// after first paint (src/integrations/island-runtime.ts).
import { describe, expect, it } from 'vitest';
import { externaliseIslandScripts, islandScriptName } from '../../src/integrations/island-runtime.ts';

const RUNTIME = '(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const DIRECTIVE = '(()=>{var a=()=>{};(self.Astro||(self.Astro={})).session=a;window.dispatchEvent(new Event("astro:session"));})();';
const VISIBLE = '(()=>{var v=()=>{};(self.Astro||(self.Astro={})).visible=v;window.dispatchEvent(new Event("astro:visible"));})();';
const OURS = '(()=>{document.documentElement.dataset.x="1"})();';
const TEMPLATE = '<template data-deferred-behaviours class="astro-abc12345"><script type="module" src="/_astro/b.js"></script></template>';
const src = () => '/_astro/islands.h.js';

describe('islandScriptName', () => {
  it("names Astro's element and its directives, and nothing else", () => {
    expect(islandScriptName(RUNTIME)).toBe('astro-island');
    expect(islandScriptName(DIRECTIVE)).toBe('client-session');
    expect(islandScriptName(OURS)).toBeUndefined();
  });
});

describe('externaliseIslandScripts', () => {
  it('takes the island scripts out into one file named first in the deferred template, the directives before the element', () => {
    const page = `<script>${OURS}</script><nav><script>${DIRECTIVE}</script><script>${RUNTIME}</script><script>${VISIBLE}</script><astro-island ssr></astro-island></nav>${TEMPLATE}`;
    const { html, code } = externaliseIslandScripts(page, () => '/_astro/islands.h.js');
    expect(code).toBe([DIRECTIVE, VISIBLE, RUNTIME].join('\n'));
    expect(html).toBe(
      `<script>${OURS}</script><nav><astro-island ssr></astro-island></nav>` +
        '<template data-deferred-behaviours class="astro-abc12345"><script src="/_astro/islands.h.js"></script>' +
        '<script type="module" src="/_astro/b.js"></script></template>',
    );
  });

  it('leaves a page without islands as it was', () => {
    const page = `<main><script>${OURS}</script><script type="application/ld+json">{}</script></main>`;
    expect(externaliseIslandScripts(page, src)).toEqual({ html: page, code: undefined });
  });

  it('refuses a page with islands but no deferred template: its islands would never start', () => {
    expect(() => externaliseIslandScripts(`<script>${RUNTIME}</script>`, src)).toThrow(/no <template data-deferred-behaviours>/);
  });

  it("refuses a page whose islands need a script it does not recognise: Astro's output changed", () => {
    // The element's code written another way (an upgrade): nothing would be moved, unnoticed.
    const renamed = RUNTIME.replace('customElements.define("astro-island"', 'customElements.define(ISLAND_TAG');
    expect(() => externaliseIslandScripts(`<script>${renamed}</script><astro-island ssr client="visible"></astro-island>${TEMPLATE}`, src)).toThrow(
      /no inline script recognised as astro-island, client-visible: Astro's island code changed/,
    );
    // The element recognised but the island's directive not.
    expect(() => externaliseIslandScripts(`<script>${RUNTIME}</script><script>${DIRECTIVE}</script><astro-island ssr client="visible"></astro-island>${TEMPLATE}`, src)).toThrow(
      /recognised as client-visible:/,
    );
  });

  it('keeps a `$` in a file name from being read as a replacement pattern', () => {
    const { html } = externaliseIslandScripts(`<script>${RUNTIME}</script>${TEMPLATE}`, () => '/a$&b.js');
    expect(html).toContain('<script src="/a$&b.js"></script>');
  });
});
