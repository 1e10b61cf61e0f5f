// What the first bytes of each accepted document type look like. One definition for the browser
// (which refuses a PNG renamed to .pdf before uploading it) and the embedded backend's content
// check (supabase/local/storage/sniff.ts), which refuses it again whatever the browser did.

/** How many leading bytes a check needs at most; callers pass at least these when the file has them. */
export const SIGNATURE_BYTES = 16;

const bytesOf = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);
const asciiAt = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/** HEIF brands of HEIC/HEIF images (ISO/IEC 23008-12), at bytes 8 to 12 after `ftyp`. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif']);
const heif = (head: Uint8Array) => startsWith(head, bytesOf('ftyp'), 4) && HEIF_BRANDS.has(asciiAt(head, 8, 12));

/** Signature checks by media type (lower case, without parameters). */
const SIGNATURES: Readonly<Record<string, (head: Uint8Array) => boolean>> = {
  'application/pdf': (head) => startsWith(head, bytesOf('%PDF-')),
  'image/jpeg': (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  'image/png': (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (head) => startsWith(head, bytesOf('RIFF')) && startsWith(head, bytesOf('WEBP'), 8),
  'image/heic': heif,
  'image/heif': heif,
};

/** The media type without parameters, in lower case: `Image/PNG; x=y` → `image/png`. */
export function essence(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

/**
 * True when the first bytes match the declared type, for a type with a known signature; undefined
 * when the type has none (the caller decides).
 */
export function signatureMatches(declared: string, head: Uint8Array): boolean | undefined {
  const signature = SIGNATURES[essence(declared)];
  return signature ? signature(head) : undefined;
}
