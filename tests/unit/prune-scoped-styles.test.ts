// The build step that takes off each page the scope classes and scoped rules it cannot use
// (src/integrations/prune-scoped-styles.ts). The browser tests run on pruned pages; a comparison of
// every element's computed style with and without the step (56 pages, 412 and 1,350 px) found
// none changed when it was written (docs/performance.md).
import { describe, expect, it } from 'vitest';
import { classAttribute, pruneScopedStyles, scriptWords } from '../../src/integrations/prune-scoped-styles.ts';

const A = 'astro-aaaaaaaa';
const B = 'astro-bbbbbbbb';
const page = (css: string, body: string, script = '') => `<html><head><style>${css}</style></head><body>${body}${script}</body></html>`;

describe('pruneScopedStyles', () => {
  it('keeps a scope class where a compound could select the element, and takes it off elsewhere', () => {
    const css = `.card.${A}{color:red}.card.${A} p.${A}{margin:0}`;
    const body = `<article class="card ${A}"><p class="${A}">Text</p><span class="${A}">x</span><svg class="${A}"><path class="${A}"></path></svg></article>`;
    const { html, classes, rules } = pruneScopedStyles(page(css, body), new Set<string>());
    expect(html).toBe(page(css, `<article class="card ${A}"><p class="${A}">Text</p><span>x</span><svg><path></path></svg></article>`));
    expect([classes, rules]).toEqual([3, 0]);
  });

  it("counts the page's scoped elements, so a build where none carries Astro's scope class can fail", () => {
    const css = `.card.${A}{color:red}`;
    expect(pruneScopedStyles(page(css, `<article class="card ${A}"><p class="${A}">Text</p></article>`), new Set<string>()).scoped).toBe(2);
    // Scoped another way (an attribute, as Astro's default strategy writes it): none is seen.
    expect(pruneScopedStyles(page('.card[data-astro-cid-aaaaaaaa]{color:red}', '<article class="card" data-astro-cid-aaaaaaaa>Text</article>'), new Set<string>()).scoped).toBe(0);
  });

  it('drops a scoped rule, or one selector of a list, that no element of the page can match', () => {
    const css = `.section.${A}{padding:1rem}.section--dark.${A} h2.${A}{color:#fff}@media (min-width:40rem){.btn--primary.${A},.btn.${A}{color:red}}@media print{.card__cta.${A}{display:none}}`;
    const body = `<section class="section ${A}"><h2 class="${A}">Title</h2><a class="btn ${A}">Go</a></section>`;
    const { html, rules } = pruneScopedStyles(page(css, body), new Set<string>());
    expect(html).toContain(`<style>.section.${A}{padding:1rem}@media (min-width:40rem){.btn.${A}{color:red}}</style>`);
    // The heading was reachable only through the dropped `.section--dark` rule.
    expect(html).toContain(`<h2>Title</h2>`);
    expect(rules).toBe(3);
  });

  it('ignores pseudo-classes, attribute selectors and combinators, which only narrow a match', () => {
    const css = `.menu.${A}:not([hidden]) > li.${A}:hover{color:red}.menu.${A}[open]{display:block}`;
    const body = `<ul class="menu ${A}" hidden><li class="${A}">One</li></ul>`;
    const result = pruneScopedStyles(page(css, body), new Set<string>());
    expect(result.html).toBe(page(css, body));
    expect([result.classes, result.rules]).toEqual([0, 0]);
  });

  it("counts a class a script may add as present (the page's own scripts and the built files)", () => {
    const css = `.top.${A}.is-visible{opacity:1}.card.${B}.is-open{display:block}`;
    const body = `<button class="top ${A}">Top</button><div class="card ${B}">Card</div>`;
    const inline = `<script>b.classList.toggle("is-visible")</script>`;
    const { html, rules } = pruneScopedStyles(page(css, body, inline), scriptWords(['e.classList.add("is-open")']));
    expect(html).toBe(page(css, body, inline));
    expect(rules).toBe(0);
  });

  it('leaves alone a scope class written where it is not judged, and rules without a scope class', () => {
    const css = `:is(.x.${A}) span{color:red}.p.${B}:has(.c.${B}){color:red}.global p{margin:0}.never-used{color:blue}`;
    const body = `<div class="${A}"><span class="${A}">x</span></div><div class="p ${B}"><span class="c ${B}">y</span></div>`;
    const result = pruneScopedStyles(page(css, body), new Set<string>());
    expect(result.html).toBe(page(css, body));
  });

  it('edits only real tags: text and attributes that look like classes stay as written', () => {
    const css = `.a.${A}{color:red}`;
    const body = `<div data-x=' class="${A}"' class="a ${A}"><b class="${A}">class="${A}"</b></div><script>var s='<p class="${A}">';</script>`;
    const { html } = pruneScopedStyles(page(css, body), new Set<string>());
    expect(html).toBe(page(css, `<div data-x=' class="${A}"' class="a ${A}"><b>class="${A}"</b></div><script>var s='<p class="${A}">';</script>`));
  });
});

describe('classAttribute', () => {
  it('finds the class attribute however it is quoted, past values that look like one', () => {
    expect(classAttribute('<p class="a b">')).toEqual({ start: 2, end: 14, value: 'a b' });
    expect(classAttribute(`<p title='x class="y"' class=z>`)?.value).toBe('z');
    expect(classAttribute('<input disabled class="c" />')?.value).toBe('c');
    expect(classAttribute('<p data-class="c">')).toBeUndefined();
  });
});
