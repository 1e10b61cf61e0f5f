// Bucket ids and object names, checked before any SQL or file system use. Hosted Storage accepts
// the characters of VALID_OBJECT_KEY and VALID_BUCKET_NAME (supabase/storage src/storage/limits.ts);
// this server also refuses what hosted would store as a literal key but that reads as a path
// trick here: empty segments (a leading, trailing or doubled slash) and `.` or `..` segments.
// The bytes never live under the name anyway (blobs.ts keys them by version), so these checks
// keep names unambiguous rather than guard the disk.
import { StorageErrors } from './errors.ts';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/**
 * Longest object name, in bytes. Hosted keeps an object at `<tenant>/<bucket>/<name>/<version>`
 * in S3, whose keys stop at 1,024 bytes; with a 20-byte tenant id, a 36-byte version and a short
 * bucket id, about 960 bytes are left for the name. Past that hosted fails inside S3; here the
 * name is refused up front as an invalid key.
 */
const MAX_OBJECT_NAME_BYTES = 960;

/** Decodes one percent-encoded path segment; a malformed escape makes the key invalid. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw StorageErrors.invalidKey(segment);
  }
}

/** Throws InvalidKey unless name is an object name this server stores. */
export function checkObjectName(name: string): void {
  const segments = name.split('/');
  const valid =
    name.length > 0 &&
    VALID_OBJECT_KEY.test(name) &&
    Buffer.byteLength(name) <= MAX_OBJECT_NAME_BYTES &&
    segments.every((s) => s !== '' && s !== '.' && s !== '..');
  if (!valid) throw StorageErrors.invalidKey(name);
}

/** Throws InvalidKey unless id is a valid bucket id (hosted's rule: 1 to 100 characters of its set). */
export function checkBucketId(id: string): void {
  if (id.length === 0 || id.length > 100 || !VALID_BUCKET_NAME.test(id) || id === '.' || id === '..') throw StorageErrors.invalidKey(id);
}
