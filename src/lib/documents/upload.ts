// Sends one document to Storage with XMLHttpRequest, because fetch reports no upload progress and
// storage-js has no progress hook. The request is the one storage-js would make for a raw upload
// (POST /storage/v1/object/{bucket}/{name}, the file as the body with its type, no upsert), so
// the same policies and bucket limits decide. Loaded on demand by the pages that upload
// (/visa-form and /profile); everything else about documents goes through supabase-js.
import { documentRefusalMessage, uploadFailureKind, uploadFailureMessage } from '../forms/errors.ts';
import { failed, succeeded, type Failure, type Result } from '../result.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { siteSupabaseSettings } from '../supabase.ts';
import { applicationOf, itemOf } from './paths.ts';
import { DOCUMENTS_BUCKET, DOCUMENT_MESSAGES, type DocumentType } from '../document-rules.ts';
import { documentRefusal } from './stored.ts';


/** Where and as whom to upload: the project's URL, its public key and the user's access token. */
export interface UploadTarget {
  url: string;
  anonKey: string;
  accessToken: string;
}

/** One upload under way: its outcome, and a way to stop it (which ends it as a network failure). */
interface Upload {
  /**
   * How it ended: a failure is `refused` (too large, a type the bucket refuses, or a reason the
   * database gave), `conflict` (the name is stored already) or `network` (no answer worth keeping:
   * sending again is the advice).
   */
  done: Promise<Result>;
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

/**
 * What a failed upload tells the visitor, from Storage's answer (`status` 0: no answer at all):
 * too large, a type the bucket refuses, already there, or a connection that failed. Storage's 403
 * (a policy or the trigger refused it) says no more than that, so the database is asked why
 * (`why`: the application was decided meanwhile, it or the item holds all the files it may, or it is not theirs); with no
 * reason, the refusal has passed (an expired token) and sending again is the advice.
 */
export async function uploadFailure(
  status: number,
  body: string,
  name: string,
  why: () => Promise<string | null | undefined>,
): Promise<{ ok: false; error: Failure }> {
  const kind = uploadFailureKind(status, body);
  if (kind !== 'denied') return failed(kind === 'network' ? 'network' : kind === 'duplicate' ? 'conflict' : 'refused', uploadFailureMessage(kind, name));
  const explained = documentRefusalMessage(await why());
  return explained ? failed('refused', explained) : failed('network', DOCUMENT_MESSAGES.uploadFailed(name));
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
  const done = new Promise<Result>((resolve) => {
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
    const why = () => documentRefusal(applicationOf(request.objectName), itemOf(request.objectName));
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(succeeded());
      } else {
        resolve(uploadFailure(xhr.status, xhr.responseText, request.displayName, why));
      }
    });
    const noAnswer = () => resolve(uploadFailure(0, '', request.displayName, why));
    xhr.addEventListener('error', noAnswer);
    xhr.addEventListener('abort', noAnswer);
    xhr.addEventListener('timeout', noAnswer);
    xhr.send(request.file);
  });
  return { done, abort: () => xhr.abort() };
}
