// The local content check (not hosted Storage's: README.md, "Storage"): a file's first bytes must
// match its declared type for the types whose signature is well known, and markup (HTML, SVG)
// never passes as another image type. A PNG declared as a PDF, or an HTML page with a script
// declared as image/jpeg, is refused before it is stored.
import { essence, signatureMatches } from '../../../common/file-signatures.ts';

/** How many leading bytes the check reads. */
export const SNIFF_BYTES = 4096;

/** Types refused outright whatever the bucket allows: a page a browser would run. */
const REFUSED_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** True for SVG, whose whole content is scanned for scripts (scriptScanner). */
export function isSvg(declared: string): boolean {
  return essence(declared) === 'image/svg+xml';
}

/** True when the first bytes are acceptable for the declared type. */
export function contentMatches(declared: string, head: Buffer): boolean {
  const type = essence(declared);
  if (REFUSED_TYPES.has(type) || looksLikeHtml(head)) return false;
  const signed = signatureMatches(type, head);
  if (signed !== undefined) return signed;
  if (type === 'image/svg+xml') return !hasScript(head.toString('latin1'));
  // Any other image type: refuse markup, which a browser could be led to render as a page.
  if (type.startsWith('image/')) return !looksLikeMarkup(head);
  return true;
}

/** Markup: after a byte-order mark and white space, the first character is `<`. */
function looksLikeMarkup(head: Buffer): boolean {
  const text = head.toString('latin1').replace(/^\xef\xbb\xbf/, '').trimStart();
  return text.startsWith('<');
}

/** An HTML document: after a byte-order mark and white space, an HTML doctype or root element. */
function looksLikeHtml(head: Buffer): boolean {
  const text = head.toString('latin1').replace(/^\xef\xbb\xbf/, '').trimStart();
  return /^<(!doctype\s+html|html|head|body|script)[\s>/]/i.test(text);
}

/**
 * A script element (prefixed or not), a javascript: URL, an event handler attribute, embedded
 * HTML (foreignObject), an entity declaration, or a NUL (UTF-16 text, which this check cannot read).
 */
function hasScript(text: string): boolean {
  return /<([\w.-]+:)?script|javascript:|[\s/"']on[a-z]+\s*=|<([\w.-]+:)?foreignObject|<!entity|\0/i.test(text);
}

/** Bytes kept from one chunk to the next so a match split across chunks is still seen. */
const SCAN_OVERLAP = 256;

/** Scans a whole stream, chunk by chunk, in bounded memory; true once a script is seen. */
export function scriptScanner(): (chunk: Buffer) => boolean {
  let tail = '';
  return (chunk) => {
    const text = tail + chunk.toString('latin1');
    tail = text.slice(-SCAN_OVERLAP);
    return hasScript(text);
  };
}
