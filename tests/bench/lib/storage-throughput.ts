// Storage figures for `npm run bench:api`: upload and download throughput of a 10 MB file through
// /storage/v1 into the documents bucket, as an applicant with a real token, so the bucket's
// policies (the owner check, the application's lock and the counts of the item and the
// application) are in the path; and the backend's resident memory while 10 such uploads run at
// once into one application, spread over its items as the checklist has them. Bodies stream to
// disk, so the peak should grow by far less than 10 × 10 MB.
import { readFile } from 'node:fs/promises';
import { documentPath } from '../../../src/lib/documents/paths.ts';
import { DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_ITEM, MAX_DOCUMENT_BYTES } from '../../../src/lib/document-rules.ts';
import type { Sql } from '../../../supabase/local/db/types.ts';
import { median } from './median.ts';

const FILE_BYTES = MAX_DOCUMENT_BYTES;
/** The item of the n-th file of a run: items filled one after the other, as far as each takes. */
const itemOf = (n: number) => `item-${Math.floor(n / MAX_DOCUMENTS_PER_ITEM) + 1}`;

/** Two open applications of the applicant, with no documents yet: one for the rounds, one for the concurrent uploads. */
export async function benchApplications(db: Sql, userId: string): Promise<[string, string]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from public.visa_applications where user_id = $1 and status = 'submitted' order by submitted_at desc limit 2`,
    [userId],
  );
  if (rows.length < 2) throw new Error('the storage figures need two applications of the applicant');
  return [rows[0]!.id, rows[1]!.id];
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

/**
 * Runs the storage cases against a backend at url as the applicant with token, in their two
 * applications; pid is the backend's process. `rounds` uploads and downloads one at a time, then
 * `concurrent` uploads at once (5 and 10 at the benchmark's defaults).
 */
export async function measureStorage(url: string, anonKey: string, token: string, userId: string, applications: [string, string], pid: number, rounds = 5, concurrent = 10): Promise<StorageFigures> {
  const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(FILE_BYTES - 9, 0x41)]);
  const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
  const objectUrl = (applicationId: string, item: string, name: string) => `${url}/storage/v1/object/${DOCUMENTS_BUCKET}/${documentPath(userId, applicationId, item, name)}`;
  // As the browser uploads a document (src/lib/documents/upload.ts): no upsert, a new name each time.
  const upload = (applicationId: string, item: string, name: string) =>
    fetch(objectUrl(applicationId, item, name), { method: 'POST', headers: { ...headers, 'content-type': 'application/pdf', 'x-upsert': 'false' }, body: file });
  const mbps = (ms: number) => Math.round((FILE_BYTES / 1024 / 1024 / (ms / 1000)) * 10) / 10;
  const summary = (runs: number[]) => ({ best: Math.max(...runs.map(mbps)), median: median(runs.map(mbps)) });

  const [roundsApplication, concurrentApplication] = applications;
  const uploads: number[] = [];
  const downloads: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let started = performance.now();
    const up = await upload(roundsApplication, itemOf(i), `throughput-${i}.pdf`);
    if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    uploads.push(performance.now() - started);
    started = performance.now();
    const down = await fetch(objectUrl(roundsApplication, itemOf(i), `throughput-${i}.pdf`), { headers });
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
  const statuses = await Promise.all(Array.from({ length: concurrent }, (_, i) => upload(concurrentApplication, itemOf(i), `concurrent-${i}.pdf`).then((r) => r.status)));
  const ms = Math.round(performance.now() - started);
  sampling = false;
  await sampler;
  return {
    uploadMBps: summary(uploads),
    downloadMBps: summary(downloads),
    concurrentUploads: {
      n: concurrent,
      ok: statuses.filter((s) => s === 200).length,
      ms,
      rssBeforeMb: Math.round(rssBeforeMb),
      rssPeakMb: Math.round(rssPeakMb),
    },
  };
}
