// "Download my data": POST with the signed-in visitor's access token answers one zip of data.json
// (everything held about the account, docs/privacy-export.md) and the account's document files.
// For the caller's own account only: there is no parameter naming an account (a body is ignored),
// the account is the one the Auth server says the token belongs to, and what is read is read with
// that token wherever row-level security allows (collect.ts says where the service key is used).
// Each export is recorded in the activity record (data_exported) before its first byte is sent.
import { answer, callerClient, CORS, serviceClient, signedInCaller, type UserProject } from '../_shared/signed-in.ts';
import { zipStream } from './archive.ts';
import { collect } from './collect.ts';

/** The file's name: the consultancy's and the day, e.g. bridgeway-my-data-2026-11-29.zip. */
export function archiveName(now: Date): string {
  return `bridgeway-my-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** Answers one request. */
export async function handleExport(req: Request, project: UserProject): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return new Response(JSON.stringify({ error: 'method_not_allowed', message: 'Use POST.' }), { status: 405, headers: { ...CORS, allow: 'POST, OPTIONS', 'content-type': 'application/json; charset=utf-8' } });
  const caller = await signedInCaller(req, project);
  if ('refusal' in caller) return caller.refusal;

  const now = new Date();
  const asCaller = callerClient(project, caller.token);
  let collected: Awaited<ReturnType<typeof collect>>;
  try {
    collected = await collect(caller.user, asCaller, serviceClient(project), now);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[export-my-data] ${message}`);
    // A refused read (ReadFailed) or the project out of reach: nothing of a part-file is sent.
    return answer(502, { error: 'read_failed', message: 'Your data could not be read now. Please try again.' });
  }
  // Recorded in the activity record before the first byte goes: no export leaves unrecorded.
  const recorded = await asCaller.rpc('record_data_export', { files: collected.files.length });
  if (recorded.error) {
    console.error(`[export-my-data] record_data_export: ${recorded.error.message}`);
    return answer(502, { error: 'read_failed', message: 'Your data could not be read now. Please try again.' });
  }
  const entries = collected.files.map((file) => ({
    path: file.archivePath,
    read: async () => {
      // As the caller: the Storage policies give an applicant their own applications' files.
      const { data, error } = await asCaller.storage.from(file.bucket).download(file.objectName);
      if (error || !data) throw new Error(`downloading ${file.objectName}: ${error?.message ?? 'no body'}`);
      return new Uint8Array(await data.arrayBuffer());
    },
  }));
  const body = zipStream(JSON.stringify(collected.data, null, 2), entries);
  return new Response(body, {
    status: 200,
    headers: {
      ...CORS,
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${archiveName(now)}"`,
      'cache-control': 'no-store',
    },
  });
}
