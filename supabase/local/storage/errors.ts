// Storage errors in hosted Supabase Storage's shape (supabase/storage, src/internal/errors/codes.ts
// and render.ts, src/http/error-handler.ts): the body is {statusCode, code, error, message} with
// the status as a string, and the HTTP status is 400 for every error but an internal one (500),
// as hosted answers.
import { HttpError } from '../http-errors.ts';
import { isPgError } from '../rest/pg-errors.ts';

/**
 * A Storage error: `statusCode` goes in the body; the HTTP status is 400 (500 for 500), as hosted's
 * StorageBackendError sends it, unless `httpStatus` names another (hosted's withStatusCode).
 */
export function storageError(statusCode: number, code: string, message: string, error: string = code, httpStatus?: number): HttpError {
  const body = { statusCode: String(statusCode), code, error, message };
  return new HttpError(httpStatus ?? (statusCode === 500 ? 500 : 400), message, () => body);
}

/** The errors this server answers, named and worded as hosted's ERRORS (src/internal/errors/codes.ts). */
export const StorageErrors = {
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${printable(key)}`),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message),
  invalidParameter: (name: string, message = `Invalid parameter ${name}`) => storageError(400, 'InvalidParameter', message),
  accessDenied: (message: string) => storageError(403, 'AccessDenied', message, 'Unauthorized'),
  /** An upload to a name already stored: hosted's createObject turns the unique violation into KeyAlreadyExists. */
  keyAlreadyExists: () => storageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  entityTooLarge: (entity = 'object', limit = 'the maximum allowed size') =>
    storageError(413, 'EntityTooLarge', `The ${entity} exceeded ${limit}`, 'Payload too large'),
  invalidMimeType: (mimeType: string) => storageError(415, 'InvalidMimeType', `mime type ${printable(mimeType)} is not supported`, 'invalid_mime_type'),
  /** The local content check's refusal (README.md, "Storage"): the first bytes are not the declared type. */
  contentMismatch: (mimeType: string) =>
    storageError(415, 'InvalidMimeType', `The file's content does not match its declared type ${printable(mimeType)}`, 'invalid_mime_type'),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => storageError(400, 'InvalidSignature', message),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided'),
};

/**
 * A database error as hosted's DBError.fromDBError answers it (src/storage/database/errors.ts):
 * 42501 is AccessDenied with Postgres' message (a row-level security violation's made uniform),
 * and every SQLSTATE it does not name is a 500 "database error, code: …", so a trigger that
 * refuses with any other code answers here as it will there. One local difference: the rest of
 * classes 22 and 23 (a value Postgres cannot take, such as a NUL in metadata) are the caller's
 * input and answer 400, where hosted answers 500. Anything that is not a database error is rethrown.
 */
export function pgToStorageError(err: unknown): unknown {
  if (!isPgError(err)) return err;
  const { code, message, detail } = err;
  switch (code) {
    case '42501':
      return StorageErrors.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
    // The only write here that can meet a unique key is an upload's, which hosted's createObject
    // answers as KeyAlreadyExists rather than DBError's ResourceAlreadyExists.
    case '23505':
      return StorageErrors.keyAlreadyExists();
    case '23503':
      return detail?.includes('is still referenced from table')
        ? storageError(409, 'ResourceReferenced', 'The resource could not be updated or removed due to a foreign key constraint')
        : storageError(404, 'InvalidRequest', 'The related resource does not exist');
    case '55P03':
      return storageError(423, 'ResourceLocked', 'The resource is locked');
    case '57014':
      return storageError(544, 'DatabaseTimeout', 'The connection to the database timed out', 'DatabaseTimeout', 544);
    case '25006':
      return storageError(503, 'DatabaseReadOnly', 'The database is currently in read-only mode. Please try again later.');
    case '25P02':
      return storageError(500, 'DatabaseTransactionAborted', 'The database transaction has been aborted. Roll back the transaction before retrying.');
    case '42P17':
      return storageError(503, 'DatabaseInvalidObjectDefinition', 'The database schema is invalid or incompatible.');
    case '22P02':
      return StorageErrors.invalidParameter('value', message || 'Invalid value format or type conversion failed');
  }
  if (code.startsWith('22') || code.startsWith('23')) return StorageErrors.invalidRequest('Invalid value format or type conversion failed');
  return storageError(500, 'DatabaseError', `database error, code: ${code}`);
}

/** Control characters (NUL included) shown escaped, so a message never carries them raw. */
function printable(text: string): string {
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return JSON.stringify(shown).slice(1, -1);
}
