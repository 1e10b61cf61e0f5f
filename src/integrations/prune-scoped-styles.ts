// Astro scopes a component's <style> by marking every element of the component with the component's
// scope class (`<li class="astro-kob3iyeg">`, `<path class="astro-og6daxip">`) and adding that class
// to every compound of the rules (`.card__title.astro-mx574jlw a.astro-mx574jlw`), and it ships every
// rule of every component on the page, variants the page does not use included (`.section--dark`,
// `.btn--primary`, `.card__cta`). On /services those were about 700 B of the gzip first response:
// what held it a round trip from the floor. When the build ends, this takes off each page
//   - the scope class of every element that no rule could select through it, and
//   - every scoped rule (and selector of a list) that could select no element of the page.
//
// Why neither can change how a page looks. A rule that names a scope class reaches an element only
// through a compound selector carrying that class, and only elements the page's Astro components
// render carry it: React islands never do, and those elements change after load only through the
// site's scripts. So the compound is judged against those elements, generously: its type, id and
// other classes must fit, while attribute selectors, pseudo-classes (`:hover`, `:not(...)`) and the
// combinators around it are ignored (they only narrow a match), and a class a script could add
// later (any word of the page's inline scripts or of the built /_astro/*.js) counts as present. A
// scope class written where this does not judge it (inside `:is(...)` or `:has(...)`) is left
// alone everywhere, and rules without a scope class (global CSS, the islands' stylesheets) are never
// touched. The pages carry their CSS inline (`inlineStylesheets: 'always'`), so a page's <style>
// elements hold every rule that can reach it.
//
// Libraries: postcss and postcss-selector-parser read and rewrite the CSS and its selectors;
// htmlparser2 finds each start tag and its attributes, so a class is edited only inside a real tag.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Parser } from 'htmlparser2';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { rewritePages } from './security-headers/built-pages.ts';

/** Astro's scope class: `astro-` and eight characters of the component's hash. */
const SCOPE_CLASS = /^astro-[a-z0-9]{8}$/;
const STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
/** A word as scripts write class names (`is-revealed`, `reveal-ready`). */
const WORD = /[A-Za-z_][\w-]*/g;

/** What a compound selector asks of an element besides the scope class it carries. */
interface Compound {
  scope: string;
  tag: string | undefined;
  id: string | undefined;
  classes: string[];
}

/** An element of the page as a compound sees it, with where its class attribute is written. */
interface Element {
  tag: string;
  id: string | undefined;
  classes: Set<string>;
  /** The class attribute as written (` class="..."`), in the page's text. */
  attribute: { start: number; end: number } | undefined;
}

/** The compounds of one selector that carry a scope class, and whether it names one where they are not read. */
function scopedCompounds(selector: selectorParser.Selector): { compounds: Compound[]; unread: string[] } {
  const compounds: Compound[] = [];
  let nodes: selectorParser.Node[] = [];
  const finish = () => {
    const classes = nodes.filter((n) => n.type === 'class').map((n) => n.value);
    const tag = nodes.find((n) => n.type === 'tag')?.value.toLowerCase();
    const id = nodes.find((n) => n.type === 'id')?.value;
    for (const scope of classes.filter((c) => SCOPE_CLASS.test(c))) {
      compounds.push({ scope, tag, id, classes: classes.filter((c) => c !== scope) });
    }
    nodes = [];
  };
  selector.each((node) => {
    if (node.type === 'combinator') finish();
    else nodes.push(node);
  });
  finish();
  // A scope class inside a pseudo-class's argument (`:has(.c.astro-x)`, `:is(...)`) selects
  // elements this does not judge: it is kept wherever it is.
  const unread: string[] = [];
  selector.walkClasses((node) => {
    if (!SCOPE_CLASS.test(node.value)) return;
    let insidePseudo = false;
    for (let parent = node.parent; parent && parent !== selector; parent = parent.parent) insidePseudo ||= parent.type === 'pseudo';
    if (insidePseudo || !compounds.some((c) => c.scope === node.value)) unread.push(node.value);
  });
  return { compounds, unread };
}

/** Whether an element could be matched by the compound, generously (see the top of this file). */
function couldMatch(compound: Compound, element: Element, dynamic: Set<string>): boolean {
  if (!element.classes.has(compound.scope)) return false;
  if (compound.tag && compound.tag !== element.tag) return false;
  if (compound.id && compound.id !== element.id) return false;
  return compound.classes.every((c) => element.classes.has(c) || dynamic.has(c));
}

/** One attribute of a start tag as written: its name and value, however quoted. */
const ATTRIBUTE = /\s+([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;

/**
 * Where a start tag writes its class attribute (the space before it included), read attribute by
 * attribute so that a quoted value that looks like one is passed over; undefined when it has none.
 */
export function classAttribute(tag: string): { start: number; end: number; value: string } | undefined {
  ATTRIBUTE.lastIndex = /^<[^\s>\/]+/.exec(tag)?.[0].length ?? 0;
  for (let match = ATTRIBUTE.exec(tag); match; match = ATTRIBUTE.exec(tag)) {
    if (match[1]!.toLowerCase() === 'class') {
      return { start: match.index, end: match.index + match[0].length, value: match[2] ?? match[3] ?? match[4] ?? '' };
    }
  }
  return undefined;
}

/** Every element of the page with a class attribute. */
function readElements(html: string): Element[] {
  const elements: Element[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const value = attributes['class'];
      if (!value) return;
      const start = parser.startIndex;
      const written = classAttribute(html.slice(start, parser.endIndex + 1));
      elements.push({
        tag: name.toLowerCase(),
        id: attributes['id'],
        classes: new Set(value.split(/\s+/).filter(Boolean)),
        attribute: written && written.value === value ? { start: start + written.start, end: start + written.end } : undefined,
      });
    },
  });
  parser.end(html);
  return elements;
}

/** Every word of the scripts: any of them may be a class a script adds at run time. */
export function scriptWords(scripts: string[]): Set<string> {
  return new Set(scripts.flatMap((code) => code.match(WORD) ?? []));
}

/**
 * The page without the scope classes and scoped rules it cannot use. `builtWords` are the words of
 * the built site's script files (`scriptWords`, read once per build); the page's inline scripts'
 * words are added here.
 */
export function pruneScopedStyles(html: string, builtWords: Set<string>): { html: string; scoped: number; classes: number; rules: number } {
  const dynamic = new Set([...builtWords, ...scriptWords([...html.matchAll(SCRIPT)].map((m) => m[1] ?? ''))]);
  const elements = readElements(html);
  const scoped = elements.filter((element) => [...element.classes].some((c) => SCOPE_CLASS.test(c))).length;
  const used = new Map<Element, Set<string>>();
  const unread = new Set<string>();
  let rules = 0;

  // The rules: each selector that can match no element goes, and a rule left with none.
  const styles = html.replace(STYLE, (_whole, open: string, css: string, close: string) => {
    const root = postcss.parse(css);
    root.walkRules((rule) => {
      // `from` and `to` inside @keyframes are not selectors.
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
      const alive = selectorParser((list) => {
        list.each((selector) => {
          const { compounds, unread: notRead } = scopedCompounds(selector);
          const matches = compounds.map((compound) => elements.filter((element) => couldMatch(compound, element, dynamic)));
          // A selector with a scope class this does not read stays, and so do its compounds' classes.
          if (notRead.length === 0 && matches.some((m) => m.length === 0)) {
            selector.remove();
            return;
          }
          for (const scope of notRead) unread.add(scope);
          compounds.forEach((compound, i) => {
            for (const element of matches[i]!) used.set(element, (used.get(element) ?? new Set()).add(compound.scope));
          });
        });
      }).processSync(rule.selector);
      if (alive === rule.selector) return;
      rules += 1;
      if (alive.trim() === '') {
        const parent = rule.parent;
        rule.remove();
        if (parent?.type === 'atrule' && parent.nodes?.length === 0) parent.remove();
      } else {
        rule.selector = alive;
      }
    });
    return open + root.toString() + close;
  });

  // The classes: a scope class stays where a live compound could match, or where it is not read.
  // The style edits above change no tag, but they do move text: class edits are made on the
  // original page, then the new styles are put in.
  let classes = 0;
  let out = '';
  let at = 0;
  for (const element of elements) {
    if (!element.attribute) continue;
    const kept = [...element.classes].filter((c) => !SCOPE_CLASS.test(c) || unread.has(c) || used.get(element)?.has(c));
    if (kept.length === element.classes.size) continue;
    classes += element.classes.size - kept.length;
    out += html.slice(at, element.attribute.start) + (kept.length ? ` class="${kept.join(' ')}"` : '');
    at = element.attribute.end;
  }
  out += html.slice(at);
  // Put the pruned styles into the page with its classes pruned: the <style> blocks, in order.
  const pruned = [...styles.matchAll(STYLE)].map((m) => m[0]);
  let index = 0;
  out = out.replace(STYLE, () => pruned[index++]!);
  return { html: out, scoped, classes, rules };
}

/** The text of every script file the build wrote under /_astro/. */
async function builtScripts(outDir: string): Promise<string[]> {
  const folder = join(outDir, '_astro');
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.js'));
  return Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
}

/** The integration that takes unused scope classes and scoped rules off the built pages. */
export default function pruneScopedStylesIntegration(): AstroIntegration {
  return {
    name: 'bridgeway:prune-scoped-styles',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const builtWords = scriptWords(await builtScripts(outDir));
        let scoped = 0;
        let classes = 0;
        let rules = 0;
        await rewritePages(outDir, (html) => {
          const page = pruneScopedStyles(html, builtWords);
          scoped += page.scoped;
          if (page.classes === 0 && page.rules === 0) return undefined;
          classes += page.classes;
          rules += page.rules;
          return page.html;
        });
        // Every page has scoped components (the header, the footer): a build in which no element
        // carries a class SCOPE_CLASS knows means Astro marks scoped elements differently now (an
        // upgrade, or scopedStyleStrategy changed), and this step would silently do nothing.
        if (scoped === 0) {
          throw new Error(
            "prune-scoped-styles: no element of the built pages carries Astro's scope class (astro- and 8 characters): Astro's scoped styles changed; update SCOPE_CLASS (src/integrations/prune-scoped-styles.ts)",
          );
        }
        logger.info(`took off ${classes} scope classes and ${rules} scoped rules no element could use (${scoped} scoped elements)`);
      },
    },
  };
}
