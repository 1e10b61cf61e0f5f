// An application's stored documents, read and removed through supabase-js: the list of one
// application's documents with each file's size and type (an RPC), the removal of one file
// (storage-js), and, after Storage refused a document, why (an RPC). The policies on
// storage.objects decide what a caller sees and may remove.
import { failed, succeeded, type Result } from '../result.ts';
import { documentRefusalMessage, toFailure } from '../forms/errors.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { applicationOf, fileNameOf } from './paths.ts';
import { DOCUMENTS_BUCKET } from '../document-rules.ts';

/** Staff's verdict on a document: accepted, or to be replaced (with the reason the applicant reads). */
export type DocumentVerdict = 'accepted' | 'needs_replacing';

/** A stored document as the profile and the admin dialog list it. */
export interface StoredDocument {
  /** The object's id (what a review names). */
  id: string;
  /** Its object name in the bucket (what remove takes). */
  path: string;
  name: string;
  /** The checklist item it was added for; undefined for a file stored before items had keys. */
  item: string | undefined;
  size: number;
  type: string;
  verdict: DocumentVerdict | undefined;
  /** Why it needs replacing, in staff's words. */
  reason: string | undefined;
}

const DOCUMENTS_LIST_FAILED = 'We could not load the documents of this application. Please try again.';
const DOCUMENT_REMOVE_FAILED = 'We could not remove this document. Please try again.';

function isVerdict(verdict: string | null): verdict is DocumentVerdict {
  return verdict === 'accepted' || verdict === 'needs_replacing';
}

/**
 * The documents of one application, by name, through public.application_documents: it finds
 * them by the application's folder alone, so an admin also lists those of an applicant whose
 * account was deleted (their files stay under the old id).
 */
export async function listDocuments(applicationId: string): Promise<Result<StoredDocument[]>> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.rpc('application_documents', { application_id: applicationId });
    if (error) return toFailure(error, DOCUMENTS_LIST_FAILED, DOCUMENTS_LIST_FAILED);
    // The generated row says string for every column: the generator cannot see that a function's
    // result columns may be null (item, size, mime_type, verdict and reason can be).
    return succeeded(
      (data ?? []).map((row) => ({
        id: row.id,
        path: row.name,
        name: fileNameOf(row.name),
        item: row.item ?? undefined,
        size: row.size ?? 0,
        type: row.mime_type ?? '',
        verdict: isVerdict(row.verdict) ? row.verdict : undefined,
        reason: row.reason ?? undefined,
      })),
    );
  } catch (thrown) {
    return toFailure(thrown, DOCUMENTS_LIST_FAILED, DOCUMENTS_LIST_FAILED);
  }
}

/**
 * Why the caller may not add a document to the application (to the item `item`, when named) now,
 * as public.document_refusal answers (a reason, or null when nothing stops them); undefined when
 * the question failed. Storage's refusal says only "refused" (hosted answers every policy's or
 * trigger's refusal as a 403), so the browser asks the database after one.
 */
export async function documentRefusal(applicationId: string, item?: string): Promise<string | null | undefined> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.rpc('document_refusal', { application_id: applicationId, ...(item === undefined ? {} : { item }) });
    // The generated type says string: the generator never marks a function's scalar result nullable.
    return error ? undefined : (data ?? null);
  } catch {
    return undefined;
  }
}

/**
 * Removes one of the caller's documents. An answer that removed nothing is a refusal (the
 * policies hide what they refuse to remove), explained by the database's reason when it has one:
 * the application was decided, or is not theirs any more.
 */
export async function removeDocument(path: string): Promise<Result> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).remove([path]);
    if (error) return toFailure(error, DOCUMENT_REMOVE_FAILED, DOCUMENT_REMOVE_FAILED);
    if (data && data.length > 0) return succeeded();
    // Asked without the item: a full application or item still gives documents up, so neither
    // limit explains a refused removal.
    const reason = await documentRefusal(applicationOf(path));
    return failed('refused', (reason !== 'full' && documentRefusalMessage(reason)) || DOCUMENT_REMOVE_FAILED);
  } catch (thrown) {
    return toFailure(thrown, DOCUMENT_REMOVE_FAILED, DOCUMENT_REMOVE_FAILED);
  }
}
