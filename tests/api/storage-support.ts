// What the Storage API tests share: test buckets with owner-folder policies (as a migration of
// the product would write them), sample files whose first bytes are real signatures, and raw
// HTTP requests whose path is sent exactly as written (fetch would normalise `..` away).
import { request } from 'node:http';
import type { TestBackend } from './support.ts';

/** A private bucket: 1 MiB a file, the applicants' document types. */
export const DOCS = 'test-docs';
/** A private bucket with no size or type limit of its own. */
export const OPEN = 'open-box';
/** A public bucket: anyone may download, nobody but the service role uploads. */
export const PUBLIC = 'public-box';
export const DOCS_LIMIT = 1024 * 1024;

/** Creates the test buckets and policies: a signed-in user owns the folder named by their id. */
export async function createTestBuckets(backend: TestBackend): Promise<void> {
  const own = `bucket_id in ('${DOCS}', '${OPEN}') and (storage.foldername(name))[1] = (select auth.uid())::text`;
  await backend.db.exec(`
    insert into storage.buckets (id, name, file_size_limit, allowed_mime_types)
    values ('${DOCS}', '${DOCS}', ${DOCS_LIMIT}, array['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic']);
    insert into storage.buckets (id, name) values ('${OPEN}', '${OPEN}');
    insert into storage.buckets (id, name, public) values ('${PUBLIC}', '${PUBLIC}', true);
    create policy "test: owners read their folder" on storage.objects for select to authenticated using (${own});
    create policy "test: owners upload to their folder" on storage.objects for insert to authenticated with check (${own});
    create policy "test: owners replace in their folder" on storage.objects for update to authenticated using (${own}) with check (${own});
    create policy "test: owners remove from their folder" on storage.objects for delete to authenticated using (${own});
  `);
}

/** Bytes of a file of the given kind, `size` long, starting with that kind's signature. */
export function sample(kind: 'pdf' | 'png' | 'jpeg' | 'webp' | 'heic' | 'html' | 'svg', size = 2048): Buffer {
  const heads: Record<typeof kind, Buffer> = {
    pdf: Buffer.from('%PDF-1.7\n'),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
    heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic')]),
    html: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  };
  const head = heads[kind];
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

/** The number of objects stored, all buckets. */
export async function objectCount(backend: TestBackend): Promise<number> {
  const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from storage.objects`);
  return rows[0]!.n;
}

/** An answer of rawRequest. */
export interface RawAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Sends one request with its path exactly as given; the body is JSON when it parses. */
export function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Node sends a DELETE's body unframed unless its length is given.
    const framing = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = request({ host: hostname, port, method, path, headers: { ...framing, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
