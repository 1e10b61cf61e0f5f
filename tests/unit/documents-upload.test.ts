// Where an upload goes (src/lib/documents/upload.ts). What its answers tell the visitor is tested
// with hosted Storage's real error bodies in refusal-codes.test.ts.
import { describe, expect, it } from 'vitest';
import { objectUrl } from '../../src/lib/documents/upload.ts';

describe('objectUrl', () => {
  it('encodes each segment of the object name and keeps its slashes', () => {
    expect(objectUrl('https://abc.supabase.co', 'u1/a1/bank statement (May).pdf')).toBe(
      'https://abc.supabase.co/storage/v1/object/application-documents/u1/a1/bank%20statement%20(May).pdf',
    );
  });
});
