// The local content check (not hosted Storage's: README.md, "Storage"): a file's first bytes must
// match its declared type for the types whose signature is well known, and markup (HTML, SVG)
// never passes as another image type. A PNG declared as a PDF, or an HTML page with a script
// declared as image/jpeg, is refused before it is stored.

/** How many leading bytes the check reads. */
export const SNIFF_BYTES = 4096;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const startsWith = (head: Buffer, bytes: Buffer, at = 0) => head.length >= at + bytes.length && head.subarray(at, at + bytes.length).equals(bytes);

/** HEIF brands of HEIC/HEIF images (ISO/IEC 23008-12), at bytes 8 to 12 after `ftyp`. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif']);
const heif = (head: Buffer) => startsWith(head, ascii('ftyp'), 4) && HEIF_BRANDS.has(head.subarray(8, 12).toString('latin1'));

/** Signature checks by declared type (lower case, without parameters). */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': (h) => startsWith(h, ascii('%PDF-')),
  'image/jpeg': (h) => startsWith(h, Buffer.from([0xff, 0xd8, 0xff])),
  'image/png': (h) => startsWith(h, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WEBP'), 8),
  'image/heic': heif,
  'image/heif': heif,
};

/** The media type without parameters, in lower case: `Image/PNG; x=y` → `image/png`. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

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
  const signature = SIGNATURES[type];
  if (signature) return signature(head);
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
