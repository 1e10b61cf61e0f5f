// How the browser reads stored documents (src/lib/documents/stored.ts): how each type opens, what a
// folder's listing becomes, and counts that name every application asked about. The requests
// themselves run against the backend in the browser tests (tests/e2e/admin/documents.spec.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { documentCounts, documentOpening, listDocuments } from '../../src/lib/documents/stored.ts';

describe('documentOpening', () => {
  test.each([
    ['image/jpeg', 'preview'],
    ['image/png', 'preview'],
    ['image/webp', 'preview'],
    ['application/pdf', 'tab'],
    ['image/heic', 'download'],
    ['application/octet-stream', 'download'],
  ])('%s: %s', (type, opening) => {
    expect(documentOpening(type)).toBe(opening);
  });
});

/** A client whose storage list and rpc answer `answer`, recording what they were asked. */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const calls: unknown[][] = [];
  const client = {
    storage: { from: (bucket: string) => ({ list: async (...args: unknown[]) => (calls.push([bucket, ...args]), answer) }) },
    rpc: async (...args: unknown[]) => (calls.push(args), answer),
  };
  return { client: client as unknown as SupabaseClient, calls };
}

describe('listDocuments', () => {
  test('files of the application folder with their size, type and label; folders left out', async () => {
    const { client, calls } = fakeClient({
      data: [
        { id: null, name: 'stray', metadata: null },
        { id: '1', name: 'passport.pdf', metadata: { size: 2048, mimetype: 'application/pdf' } },
        { id: '2', name: 'odd.bin', metadata: { size: 10, mimetype: 'application/octet-stream' } },
      ],
      error: null,
    });
    expect(await listDocuments(client, 'user', 'app')).toEqual([
      { path: 'user/app/passport.pdf', name: 'passport.pdf', size: 2048, type: 'application/pdf', label: 'PDF' },
      { path: 'user/app/odd.bin', name: 'odd.bin', size: 10, type: 'application/octet-stream', label: 'application/octet-stream' },
    ]);
    expect(calls[0]!.slice(0, 2)).toEqual(['application-documents', 'user/app/']);
  });

  test('a refused listing throws', async () => {
    const { client } = fakeClient({ data: null, error: new Error('refused') });
    await expect(listDocuments(client, 'user', 'app')).rejects.toThrow('refused');
  });
});

describe('documentCounts', () => {
  test('every id asked about, 0 when the answer has no row for it; no request for none', async () => {
    const { client, calls } = fakeClient({ data: [{ application_id: 'a', documents: 3 }], error: null });
    expect(await documentCounts(client, ['a', 'b'])).toEqual(new Map([['a', 3], ['b', 0]]));
    expect(calls).toEqual([['application_document_counts', { application_ids: ['a', 'b'] }]]);
    expect(await documentCounts(client, [])).toEqual(new Map());
    expect(calls).toHaveLength(1);
  });
});
