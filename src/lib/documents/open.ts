// How a stored document opens in the browser: through a signed URL made when it is clicked (never
// in advance: one made when a list loads would have expired by the time someone clicks), shown in
// the page when browsers display the type, in a new tab for a PDF, saved otherwise.
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import { DOCUMENTS_BUCKET, PREVIEWABLE_TYPES } from '../document-rules.ts';
import type { StoredDocument } from './stored.ts';

/** How a document opens: shown in the page (images browsers display), in a new tab (PDF), or saved. */
export type DocumentOpening = 'preview' | 'tab' | 'download';

/** How long a signed URL works: long enough to load what was clicked, too short to be passed around. */
const SIGNED_URL_SECONDS = 60;

/** How the document of media type `type` opens; HEIC, which most browsers cannot show, is saved. */
export function documentOpening(type: string): DocumentOpening {
  if ((PREVIEWABLE_TYPES as readonly string[]).includes(type)) return 'preview';
  return type === 'application/pdf' ? 'tab' : 'download';
}

/**
 * A signed URL of `doc`, valid for SIGNED_URL_SECONDS; with `download`, the answer asks the
 * browser to save the file under its name. Fails when Storage refuses or does not answer.
 */
export async function signedDocumentUrl(supabase: SiteClient, doc: StoredDocument, download = false): Promise<Result<string>> {
  try {
    const { data, error } = await supabase.storage
      .from(DOCUMENTS_BUCKET)
      .createSignedUrl(doc.path, SIGNED_URL_SECONDS, download ? { download: doc.name } : undefined);
    return error ? staffFailure(error) : succeeded(data.signedUrl);
  } catch (error) {
    return staffFailure(error);
  }
}

/**
 * Staff's signed URL of `doc`: their opening is recorded first (public.open_document writes its
 * row in the activity record), then signed as signedDocumentUrl signs. Storage lets staff read a
 * document only just after their row is written, so there is no URL without it.
 */
export async function staffDocumentUrl(supabase: SiteClient, doc: StoredDocument, download = false): Promise<Result<string>> {
  try {
    const { error } = await supabase.rpc('open_document', { object_name: doc.path });
    if (error) return staffFailure(error);
  } catch (error) {
    return staffFailure(error);
  }
  return signedDocumentUrl(supabase, doc, download);
}
