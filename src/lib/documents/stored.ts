// An application's stored documents as the browser reads them through supabase-js: the listing of
// its folder, a short-lived signed URL to open one, and the counts of many applications at once.
// Row-level security on storage.objects decides what each caller sees (an applicant their own
// applications' documents, an admin every one), so nothing here checks who asks.
import type { SupabaseClient } from '@supabase/supabase-js';
import { applicationFolder } from './paths.ts';
import { DOCUMENTS_BUCKET, DOCUMENT_TYPES, type DocumentType } from './rules.ts';

/** One stored document as a list shows it. */
export interface StoredDocument {
  /** The object name in the bucket (`{user id}/{application id}/{file name}`). */
  path: string;
  /** The file name, as shown. */
  name: string;
  /** Size in bytes. */
  size: number;
  /** The media type it was stored with. */
  type: string;
  /** How people call the type ("PDF"); the media type itself for one outside DOCUMENT_TYPES. */
  label: string;
}

/** How a document opens: shown in the page (browsers display these images), in a new tab (PDF), or saved. */
export type DocumentOpening = 'preview' | 'tab' | 'download';

/** How long a signed URL works: long enough to load what was clicked, too short to be passed around. */
export const SIGNED_URL_SECONDS = 60;

const PREVIEWED: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'] satisfies DocumentType[];

/** How the document of media type `type` opens; HEIC, which most browsers cannot show, is saved. */
export function documentOpening(type: string): DocumentOpening {
  if (PREVIEWED.includes(type)) return 'preview';
  return type === 'application/pdf' ? 'tab' : 'download';
}

/** The documents in one application's folder, oldest first; throws when the listing fails. */
export async function listDocuments(supabase: SupabaseClient, userId: string, applicationId: string): Promise<StoredDocument[]> {
  const folder = applicationFolder(userId, applicationId);
  // storage-js lists 100 entries by default, well above the 10 an application can hold.
  const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).list(folder, { sortBy: { column: 'created_at', order: 'asc' } });
  if (error) throw error;
  // Folders come back as entries with a null id; an application's folder holds files only.
  return data
    .filter((entry) => entry.id !== null)
    .map((entry) => {
      const metadata = (entry.metadata ?? {}) as { size?: unknown; mimetype?: unknown };
      const type = typeof metadata.mimetype === 'string' ? metadata.mimetype : '';
      return {
        path: folder + entry.name,
        name: entry.name,
        size: typeof metadata.size === 'number' ? metadata.size : 0,
        type,
        label: DOCUMENT_TYPES[type as DocumentType]?.label ?? (type || 'Unknown type'),
      };
    });
}

/**
 * A signed URL of `document`, valid for SIGNED_URL_SECONDS; with `download`, the
 * answer asks the browser to save the file under its name. Throws when Storage refuses.
 */
export async function signedDocumentUrl(supabase: SupabaseClient, document: StoredDocument, download = false): Promise<string> {
  const { data, error } = await supabase.storage
    .from(DOCUMENTS_BUCKET)
    .createSignedUrl(document.path, SIGNED_URL_SECONDS, download ? { download: document.name } : undefined);
  if (error) throw error;
  return data.signedUrl;
}

/** How many documents each application of `applicationIds` has (every id present, 0 when none). */
export async function documentCounts(supabase: SupabaseClient, applicationIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(applicationIds.map((id) => [id, 0]));
  if (applicationIds.length === 0) return counts;
  const { data, error } = await supabase.rpc('application_document_counts', { application_ids: applicationIds });
  if (error) throw error;
  for (const row of (data ?? []) as { application_id: string; documents: number }[]) counts.set(row.application_id, row.documents);
  return counts;
}
