// The plain-text part of every email, read from its HTML by html-to-text (a maintained converter:
// it decodes every entity, &#x27; and &amp;lt; included, once and in the right order, which the
// hand-written replacements it replaces did not). Configured for our emails' markup: the layout's
// tables are blocks, a details row reads "Date: Wednesday, 10 March 2027" on one line, a list's
// items each a line starting "- ", a heading keeps its case, and a link reads once: its text, then its address in angle brackets unless the
// text already is the address (a mailto: link shows the address once).
//
// Shared by send-notifications (Deno) and the embedded backend's auth emails (Node). Like every
// function file it names the package bare: both resolve it from package.json's dependencies
// locally, and send-notifications/deno.json maps it to its npm: range for the deployed function.
import { compile, type FormatCallback } from 'html-to-text';

/** A table row as one line: its cells side by side, a space between them. */
const rowLine: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  const cells = (elem.children ?? []).filter((child) => child.type === 'tag');
  cells.forEach((cell, index) => {
    if (index > 0) builder.addInline(' ');
    walk(cell.children ?? [], builder);
  });
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const convert = compile({
  wordwrap: false,
  formatters: { rowLine },
  selectors: [
    { selector: 'head', format: 'skip' },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'rowLine' },
    { selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
    { selector: 'ul', options: { itemPrefix: '- ' } },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['<', '>'] } },
  ],
});

/** The plain-text alternative of an email's HTML. */
export function plainText(html: string): string {
  return convert(html).trim();
}
