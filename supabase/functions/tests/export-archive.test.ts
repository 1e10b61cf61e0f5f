// The export's zip (`npm run test:functions`, Deno): data.json first, then each file in order, byte
// for byte, however the reads finish; a read that fails ends the stream with its error rather than
// leave a zip that looks whole. The function itself is tested against the backend in
// tests/functions/export-my-data.test.ts.
import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import { zipStream } from '../export-my-data/archive.ts';

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256);

async function all(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test('data.json and every file, in order, byte for byte, whatever order the reads finish in', async () => {
  const files = Array.from({ length: 9 }, (_, i) => ({ path: `documents/REF/item/file-${i}.pdf`, body: bytes(10_000 + i, i) }));
  const entries = files.map((file, i) => ({
    path: file.path,
    // Later files answer first: the archive still writes them in the list's order.
    read: () => new Promise<Uint8Array>((resolve) => setTimeout(() => resolve(file.body), (files.length - i) * 3)),
  }));
  const zip = unzipSync(await all(zipStream('{"format":1}', entries)));
  assert.deepEqual(Object.keys(zip), ['data.json', ...files.map((file) => file.path)]);
  assert.equal(strFromU8(zip['data.json']!), '{"format":1}');
  for (const file of files) assert.deepEqual(zip[file.path], file.body);
});

Deno.test('a file that cannot be read ends the stream with the error', async () => {
  const entries = [{ path: 'documents/a.pdf', read: () => Promise.reject(new Error('Storage refused')) }];
  await assert.rejects(all(zipStream('{}', entries)), /Storage refused/);
});
