// Storage errors in hosted Supabase Storage's shape (supabase/storage, src/internal/errors/codes.ts
// and render.ts): the body is {statusCode, code, error, message} with the status as a string,
// and the HTTP status is 400 for every error but an internal one (500), as hosted answers.
import { HttpError } from '../http-errors.ts';
import { isPgError } from '../rest/pg-errors.ts';

/** A Storage error: `statusCode` goes in the body; the HTTP status is 400 (500 for 500). */
export function storageError(statusCode: number, code: string, message: string, error: string = code): HttpError {
  const body = { statusCode: String(statusCode), code, error, message };
  return new HttpError(statusCode === 500 ? 500 : 400, message, () => body);
}

/** The errors this server answers, named and worded as hosted's ERRORS. */
export const StorageErrors = {
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${printable(key)}`),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message),
  invalidParameter: (name: string) => storageError(400, 'InvalidParameter', `Invalid parameter ${name}`),
  accessDenied: (message: string) => storageError(403, 'AccessDenied', message, 'Unauthorized'),
  duplicate: () => storageError(409, 'Duplicate', 'The resource already exists', 'Duplicate'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    storageError(413, 'EntityTooLarge', `The ${entity} exceeded ${limit}`, 'Payload too large'),
  invalidMimeType: (mimeType: string) => storageError(415, 'InvalidMimeType', `mime type ${printable(mimeType)} is not supported`, 'invalid_mime_type'),
  /** The local content check's refusal (README.md, "Storage"): the first bytes are not the declared type. */
  contentMismatch: (mimeType: string) =>
    storageError(415, 'InvalidMimeType', `The file's content does not match its declared type ${printable(mimeType)}`, 'invalid_mime_type'),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => storageError(400, 'InvalidSignature', message),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided'),
  notFound: (method: string, path: string) => storageError(404, 'NotFound', `Route ${method}:${printable(path)} not found`, 'Not Found'),
};

/** A database error as hosted's DBError.fromDBError words it; anything else is rethrown. */
export function pgToStorageError(err: unknown): unknown {
  if (!isPgError(err)) return err;
  const { code, message } = err;
  if (code === '42501') return StorageErrors.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
  if (code === '23505') return StorageErrors.duplicate();
  // Class 22 (a value Postgres cannot take, such as a NUL in metadata) and class 23 are the caller's input.
  if (code.startsWith('22') || code.startsWith('23')) return StorageErrors.invalidRequest('Invalid value format or type conversion failed');
  return err;
}

/** Control characters (NUL included) shown escaped, so a message never carries them raw. */
function printable(text: string): string {
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return JSON.stringify(shown).slice(1, -1);
}
