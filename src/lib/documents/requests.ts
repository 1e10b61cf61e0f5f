// Staff's side of an application's documents (supabase/migrations/20261122000910_document_reviews_and_requests.sql and 0920):
// their verdict on a file, their requests for what is missing (and how a request reads in both
// timelines), and which items each application has provided (for the list's "n of m required"). Each call takes the client and answers a
// Result, as the dashboard's other calls do (src/lib/timeline.ts); a refused action carries what it
// means to staff (src/lib/forms/errors.ts, by its code).
import type { SiteClient, Tables } from '../database.ts';
import { staffDocumentFailure, staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import type { ItemCount } from './checklist-view.ts';
import type { DocumentVerdict } from './stored.ts';

/** An item a request names: its key and its name in the checklist that day (a JSON object, hence a type, not an interface). */
export type RequestedItem = {
  key: string;
  label: string;
};

/**
 * A request for missing documents, as both timelines and the applicant's card read it; fulfilled_at
 * is when its last item arrived (null while it is open). Its items column is jsonb, which the
 * generated types know only as Json: public.request_documents stores it as a list of RequestedItems.
 */
export type DocumentRequest = Pick<
  Tables<'document_requests'>,
  'id' | 'application_id' | 'note' | 'requested_by' | 'requested_at' | 'fulfilled_at'
> & { items: RequestedItem[] };

/** A request for missing documents as people read it, in the admin's and the applicant's timelines alike. */
export function documentsRequestedText(labels: readonly string[]): string {
  return `Documents requested: ${labels.join(', ')}`;
}

/** The end of a request, once its last document arrived, in both timelines. */
export function documentsProvidedText(labels: readonly string[]): string {
  return `Documents provided: ${labels.join(', ')}`;
}

/** Said when a verdict could not be saved for another reason than a refusal staff can act on. */
export const REVIEW_FAILED = 'Failed to save the review. Please try again.';

/** Said when a request could not be sent for another reason than a refusal staff can act on. */
const REQUEST_FAILED = 'Failed to send the request. Please try again.';

/** The columns a request is read with. */
export const DOCUMENT_REQUEST_COLUMNS = 'id, application_id, items, note, requested_by, requested_at, fulfilled_at';

/** The requests of the given applications, oldest first (row-level security: an applicant's own, an admin's all). */
export async function fetchDocumentRequests(supabase: SiteClient, applicationIds: string[]): Promise<Result<DocumentRequest[]>> {
  if (applicationIds.length === 0) return succeeded([]);
  const { data, error } = await supabase
    .from('document_requests')
    .select(DOCUMENT_REQUEST_COLUMNS)
    .in('application_id', applicationIds)
    .order('requested_at', { ascending: true })
    .overrideTypes<DocumentRequest[]>();
  if (error) return staffFailure(error);
  return succeeded(data ?? []);
}

/** Asks the applicant for `items`, with staff's line; answers the request's id. */
export async function requestDocuments(supabase: SiteClient, applicationId: string, items: RequestedItem[], note: string): Promise<Result<string>> {
  const { data, error } = await supabase.rpc('request_documents', { application_id: applicationId, items, ...(note.trim() ? { note: note.trim() } : {}) });
  if (error) return staffDocumentFailure(error, REQUEST_FAILED);
  return succeeded(data);
}

/** Records staff's verdict on a file; a file to replace needs the reason and its item's name. */
export async function reviewDocument(
  supabase: SiteClient,
  objectId: string,
  verdict: DocumentVerdict,
  reason?: { text: string; itemLabel: string },
): Promise<Result> {
  const { error } = await supabase.rpc('review_document', {
    object_id: objectId,
    verdict,
    ...(reason ? { reason: reason.text.trim(), item_label: reason.itemLabel } : {}),
  });
  return error ? staffDocumentFailure(error, REVIEW_FAILED) : succeeded();
}

/** Which items each of the applications (one page of the list) has provided: one request for the page. */
export async function fetchDocumentItems(supabase: SiteClient, applicationIds: string[]): Promise<Result<ItemCount[]>> {
  if (applicationIds.length === 0) return succeeded([]);
  const { data, error } = await supabase.rpc('application_document_items', { application_ids: applicationIds });
  if (error) return staffFailure(error);
  return succeeded(data ?? []);
}
