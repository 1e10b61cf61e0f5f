// What an upload's answer tells the visitor (src/lib/documents/upload.ts), from Storage's error
// shapes: hosted and the embedded backend answer HTTP 400 with the real status in `statusCode`.
import { describe, expect, it } from 'vitest';
import { objectUrl, uploadFailure } from '../../src/lib/documents/upload.ts';
import { DOCUMENT_MESSAGES } from '../../src/lib/documents/rules.ts';

const storageError = (statusCode: number, error: string, message: string) =>
  JSON.stringify({ statusCode: String(statusCode), error, message });

describe('uploadFailure', () => {
  it.each([
    ['no answer (network cut, aborted)', 0, '', 'network', DOCUMENT_MESSAGES.uploadFailed('scan.pdf')],
    [
      'over the size limit',
      400,
      storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
      'tooLarge',
      DOCUMENT_MESSAGES.tooLarge('scan.pdf'),
    ],
    ['a 413 answered as such', 413, 'Request Entity Too Large', 'tooLarge', DOCUMENT_MESSAGES.tooLarge('scan.pdf')],
    [
      'a type the bucket refuses',
      400,
      storageError(415, 'invalid_mime_type', 'mime type text/html is not supported'),
      'wrongType',
      DOCUMENT_MESSAGES.wrongType('scan.pdf'),
    ],
    [
      'content that is not its type',
      400,
      storageError(415, 'invalid_mime_type', "The file's content does not match its declared type application/pdf"),
      'contentMismatch',
      DOCUMENT_MESSAGES.contentMismatch('scan.pdf', 'PDF'),
    ],
    [
      'a name already stored',
      400,
      storageError(409, 'Duplicate', 'The resource already exists'),
      'duplicate',
      DOCUMENT_MESSAGES.duplicate('scan.pdf'),
    ],
    [
      'the policies (decided, or ten files)',
      400,
      storageError(403, 'Unauthorized', 'new row violates row-level security policy'),
      'refused',
      DOCUMENT_MESSAGES.refused,
    ],
    [
      'an expired token',
      400,
      storageError(403, 'Unauthorized', '"exp" claim timestamp check failed'),
      'network',
      DOCUMENT_MESSAGES.uploadFailed('scan.pdf'),
    ],
    ['a server error', 500, 'Internal Server Error', 'network', DOCUMENT_MESSAGES.uploadFailed('scan.pdf')],
  ])('maps %s', (_case, status, body, kind, message) => {
    expect(uploadFailure(status, body, 'scan.pdf', 'application/pdf')).toEqual({ ok: false, kind, message });
  });
});

describe('objectUrl', () => {
  it('encodes each segment of the object name and keeps its slashes', () => {
    expect(objectUrl('https://abc.supabase.co', 'u1/a1/bank statement (May).pdf')).toBe(
      'https://abc.supabase.co/storage/v1/object/application-documents/u1/a1/bank%20statement%20(May).pdf',
    );
  });
});
