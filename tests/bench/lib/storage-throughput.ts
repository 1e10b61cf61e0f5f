// Storage figures for `npm run bench:api` (issue 18): upload and download throughput of a 10 MB
// file through /storage/v1 as a signed-in user whose folder a policy opens, and the backend's
// resident memory while 10 such uploads run at once. Bodies stream to disk, so the peak should
// grow by far less than 10 × 10 MB.
import { readFile } from 'node:fs/promises';
import type { Sql } from '../../../supabase/local/db/types.ts';

/** The bucket the benchmark uploads to. */
export const BENCH_BUCKET = 'bench-docs';
const FILE_BYTES = 10 * 1024 * 1024;
const ROUNDS = 5;
const CONCURRENT = 10;

/** Creates the benchmark's bucket (20 MB a file, PDF only) and an owner-folder policy, as a migration would. */
export async function createBenchBucket(db: Sql): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, file_size_limit, allowed_mime_types) values ($1, $1, $2, '{application/pdf}') on conflict (id) do nothing`,
    [BENCH_BUCKET, 2 * FILE_BYTES],
  );
  const own = `bucket_id = '${BENCH_BUCKET}' and (storage.foldername(name))[1] = (select auth.uid())::text`;
  await db.query(`drop policy if exists "bench: owners write their folder" on storage.objects`);
  await db.query(`create policy "bench: owners write their folder" on storage.objects for all to authenticated using (${own}) with check (${own})`);
}

/** Resident memory of a process now, in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

export interface StorageFigures {
  uploadMBps: { best: number; median: number };
  downloadMBps: { best: number; median: number };
  concurrentUploads: { n: number; ok: number; ms: number; rssBeforeMb: number; rssPeakMb: number };
}

/** Runs the storage cases against a backend at url as the user with token; pid is the backend's process. */
export async function measureStorage(url: string, anonKey: string, token: string, userId: string, pid: number): Promise<StorageFigures> {
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(FILE_BYTES - 9, 0x41)]);
  const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
  const objectUrl = (name: string) => `${url}/storage/v1/object/${BENCH_BUCKET}/${userId}/${name}`;
  const upload = (name: string) =>
    fetch(objectUrl(name), { method: 'POST', headers: { ...headers, 'content-type': 'application/pdf', 'x-upsert': 'true' }, body: file });
  const mbps = (ms: number) => Math.round((FILE_BYTES / 1024 / 1024 / (ms / 1000)) * 10) / 10;
  const summary = (runs: number[]) => {
    const sorted = runs.map(mbps).sort((a, b) => b - a);
    return { best: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]! };
  };

  const uploads: number[] = [];
  const downloads: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let started = performance.now();
    const up = await upload('throughput.pdf');
    if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    uploads.push(performance.now() - started);
    started = performance.now();
    const down = await fetch(objectUrl('throughput.pdf'), { headers });
    const size = (await down.arrayBuffer()).byteLength;
    if (!down.ok || size !== FILE_BYTES) throw new Error(`download failed: ${down.status}, ${size} bytes`);
    downloads.push(performance.now() - started);
  }

  // Resident memory sampled while 10 uploads of 10 MB run at once.
  const rssBeforeMb = await rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeakMb = Math.max(rssPeakMb, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => upload(`concurrent-${i}.pdf`).then((r) => r.status)));
  const ms = Math.round(performance.now() - started);
  sampling = false;
  await sampler;
  return {
    uploadMBps: summary(uploads),
    downloadMBps: summary(downloads),
    concurrentUploads: {
      n: CONCURRENT,
      ok: statuses.filter((s) => s === 200).length,
      ms,
      rssBeforeMb: Math.round(rssBeforeMb),
      rssPeakMb: Math.round(rssPeakMb),
    },
  };
}
