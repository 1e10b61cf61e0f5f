// How a stored document opens (src/lib/documents/open.ts), how its type reads, and the counts of many applications'
// documents (counts.ts), which name every application asked about. The requests themselves run
// against the backend in the browser tests (tests/e2e/admin/documents.spec.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, test } from 'vitest';
import { documentCounts } from '../../src/lib/documents/counts.ts';
import { documentOpening } from '../../src/lib/documents/open.ts';
import { documentTypeLabel } from '../../src/lib/document-rules.ts';

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

test('a type reads as people call it, an unknown one as it is', () => {
  expect(documentTypeLabel('application/pdf')).toBe('PDF');
  expect(documentTypeLabel('image/webp')).toBe('WebP');
  expect(documentTypeLabel('application/octet-stream')).toBe('application/octet-stream');
});

/** A client whose rpc answers `answer`, recording what it was asked. */
function fakeClient(answer: { data: unknown; error: unknown }) {
  const calls: unknown[][] = [];
  const client = { rpc: async (...args: unknown[]) => (calls.push(args), answer) };
  return { client: client as unknown as SupabaseClient, calls };
}

describe('documentCounts', () => {
  test('every id asked about, 0 when the answer has no row for it; no request for none', async () => {
    const { client, calls } = fakeClient({ data: [{ application_id: 'a', documents: 3 }], error: null });
    expect(await documentCounts(client, ['a', 'b'])).toEqual({ ok: true, data: new Map([['a', 3], ['b', 0]]) });
    expect(calls).toEqual([['application_document_counts', { application_ids: ['a', 'b'] }]]);
    expect(await documentCounts(client, [])).toEqual({ ok: true, data: new Map() });
    expect(calls).toHaveLength(1);
  });

  test('a refused call fails, without the server’s words', async () => {
    const { client } = fakeClient({ data: null, error: { code: '42501', message: 'permission denied' } });
    const counted = await documentCounts(client, ['a']);
    expect(counted).toMatchObject({ ok: false, error: { kind: 'refused' } });
    expect(counted.ok ? '' : counted.error.message).not.toContain('permission');
  });
});
