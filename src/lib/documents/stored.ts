// An application's stored documents, read and removed through supabase-js (storage-js): the list
// of one application's folder with each file's size and type, and the removal of one file. The
// policies decide what a caller sees and may remove.
import { failed, succeeded, type Result } from '../result.ts';
import { toFailure } from '../forms/errors.ts';
import { loadSupabase } from '../supabase-loader.ts';
import { applicationFolder } from './paths.ts';
import { DOCUMENTS_BUCKET } from './rules.ts';

/** A stored document as the profile lists it. */
export interface StoredDocument {
  /** Its object name in the bucket (what remove takes). */
  path: string;
  name: string;
  size: number;
  type: string;
}

export const DOCUMENTS_LIST_FAILED = 'We could not load the documents of this application. Please try again.';
export const DOCUMENT_REMOVE_FAILED = 'We could not remove this document. Please try again.';

/** Storage's metadata of a stored object, as far as the list shows it. */
interface ObjectMetadata {
  size?: number;
  mimetype?: string;
}

/** The documents of one application, oldest first. */
export async function listDocuments(userId: string, applicationId: string): Promise<Result<StoredDocument[]>> {
  try {
    const supabase = await loadSupabase();
    const folder = applicationFolder(userId, applicationId);
    const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).list(folder.slice(0, -1), {
      limit: 100,
      sortBy: { column: 'created_at', order: 'asc' },
    });
    if (error) return toFailure(error, DOCUMENTS_LIST_FAILED, DOCUMENTS_LIST_FAILED);
    // A list also names sub-folders (id null); an application's folder holds files only.
    const files = (data ?? []).filter((entry) => entry.id !== null);
    return succeeded(
      files.map((file) => {
        const metadata = (file.metadata ?? {}) as ObjectMetadata;
        return {
          path: folder + file.name,
          name: file.name,
          size: metadata.size ?? 0,
          type: metadata.mimetype ?? '',
        };
      }),
    );
  } catch (thrown) {
    return toFailure(thrown, DOCUMENTS_LIST_FAILED, DOCUMENTS_LIST_FAILED);
  }
}

/** Removes one of the caller's documents; an answer that removed nothing is a refusal. */
export async function removeDocument(path: string): Promise<Result> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).remove([path]);
    if (error) return toFailure(error, DOCUMENT_REMOVE_FAILED, DOCUMENT_REMOVE_FAILED);
    return data && data.length > 0 ? succeeded() : failed('refused', DOCUMENT_REMOVE_FAILED);
  } catch (thrown) {
    return toFailure(thrown, DOCUMENT_REMOVE_FAILED, DOCUMENT_REMOVE_FAILED);
  }
}
