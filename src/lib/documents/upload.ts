// Sends one document to Storage with XMLHttpRequest, because fetch reports no upload progress and
// storage-js has no progress hook. The request is the one storage-js would make for a raw upload
// (POST /storage/v1/object/{bucket}/{name}, the file as the body with its type, no upsert), so
// the same policies and bucket limits decide. Loaded on demand by the pages that upload
// (/visa-form and /profile); everything else about documents goes through supabase-js.
import { loadSupabase } from '../supabase-loader.ts';
import { siteSupabaseSettings } from '../supabase.ts';
import { DOCUMENTS_BUCKET, DOCUMENT_MESSAGES, DOCUMENT_TYPES, type DocumentType } from './rules.ts';

/** Why an upload failed; each kind has its message in DOCUMENT_MESSAGES. */
type UploadFailureKind = 'tooLarge' | 'wrongType' | 'contentMismatch' | 'duplicate' | 'refused' | 'network';

/** How an upload ended. */
type UploadOutcome = { ok: true } | { ok: false; kind: UploadFailureKind; message: string };

/** Where and as whom to upload: the project's URL, its public key and the user's access token. */
export interface UploadTarget {
  url: string;
  anonKey: string;
  accessToken: string;
}

/** One upload under way: its outcome, and a way to stop it (which ends it as a network failure). */
interface Upload {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

/** What to send: the object name in the bucket, the file, the type it is sent as and the name people read. */
interface UploadRequest {
  objectName: string;
  file: Blob;
  type: DocumentType;
  displayName: string;
}

/** The address of an object: each segment encoded, the slashes between them kept. */
export function objectUrl(projectUrl: string, objectName: string): string {
  const path = objectName.split('/').map(encodeURIComponent).join('/');
  return `${projectUrl}/storage/v1/object/${DOCUMENTS_BUCKET}/${path}`;
}

/** The HTTP status a Storage error means: its body's `statusCode` (hosted answers 400 for most), else the answer's own. */
function meantStatus(status: number, body: string): { status: number; message: string } {
  try {
    const parsed = JSON.parse(body) as {
      statusCode?: unknown;
      message?: unknown;
    };
    const meant = Number(parsed.statusCode);
    return {
      status: Number.isInteger(meant) && meant > 0 ? meant : status,
      message: typeof parsed.message === 'string' ? parsed.message : '',
    };
  } catch {
    return { status, message: '' };
  }
}

/**
 * What a failed upload tells the visitor, from Storage's answer (`status` 0: no answer at all):
 * too large, wrong or mismatched type, already there, refused by the policies (the application
 * was decided meanwhile, or already holds its ten files), or a connection that failed.
 */
export function uploadFailure(status: number, body: string, name: string, type: DocumentType): Extract<UploadOutcome, { ok: false }> {
  const answer = meantStatus(status, body);
  const failure = (kind: UploadFailureKind, message: string) => ({
    ok: false as const,
    kind,
    message,
  });
  if (status === 0) return failure('network', DOCUMENT_MESSAGES.uploadFailed(name));
  switch (answer.status) {
    case 413:
      return failure('tooLarge', DOCUMENT_MESSAGES.tooLarge(name));
    case 415:
      // The backend's content check says "does not match"; any other 415 is a type the bucket refuses.
      return /does not match/i.test(answer.message)
        ? failure('contentMismatch', DOCUMENT_MESSAGES.contentMismatch(name, DOCUMENT_TYPES[type].label))
        : failure('wrongType', DOCUMENT_MESSAGES.wrongType(name));
    case 409:
      return failure('duplicate', DOCUMENT_MESSAGES.duplicate(name));
    case 403:
      return /row-level security/i.test(answer.message)
        ? failure('refused', DOCUMENT_MESSAGES.refused)
        : failure('network', DOCUMENT_MESSAGES.uploadFailed(name));
    default:
      return failure('network', DOCUMENT_MESSAGES.uploadFailed(name));
  }
}

/** The signed-in user's upload target; supabase-js refreshes an expired access token first. */
export async function uploadTarget(): Promise<UploadTarget | undefined> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  if (!data.session) return undefined;
  const { url, anonKey } = siteSupabaseSettings();
  return { url, anonKey, accessToken: data.session.access_token };
}

/** Uploads one document, reporting the share sent (0 to 1) as it goes. */
export function uploadDocument(target: UploadTarget, request: UploadRequest, onProgress: (sent: number) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', objectUrl(target.url, request.objectName));
    xhr.setRequestHeader('Authorization', `Bearer ${target.accessToken}`);
    xhr.setRequestHeader('apikey', target.anonKey);
    xhr.setRequestHeader('x-upsert', 'false');
    // What storage-js sends by default. Said explicitly because a browser may add its own
    // (`no-cache` when requests are intercepted), which Storage refuses on a raw upload.
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('Content-Type', request.type);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve({ ok: true });
      } else {
        resolve(uploadFailure(xhr.status, xhr.responseText, request.displayName, request.type));
      }
    });
    const noAnswer = () => resolve(uploadFailure(0, '', request.displayName, request.type));
    xhr.addEventListener('error', noAnswer);
    xhr.addEventListener('abort', noAnswer);
    xhr.addEventListener('timeout', noAnswer);
    xhr.send(request.file);
  });
  return { done, abort: () => xhr.abort() };
}
