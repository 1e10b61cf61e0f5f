// Staff's side of an application's documents (supabase/migrations/20261122000900_documents.sql):
// their verdict on a file, their requests for what is missing (and how a request reads in both
// timelines), and which items each application has provided (for the list's "n of m required"). Each call takes the client and throws on
// failure, as the dashboard's other calls do (src/lib/follow-up.ts); the dashboard shows what a
// refusal means through src/lib/forms/errors.ts.
import type { SiteClient, Tables } from '../database.ts';
import type { ItemCount } from './checklist.ts';
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

/** The columns a request is read with. */
export const DOCUMENT_REQUEST_COLUMNS = 'id, application_id, items, note, requested_by, requested_at, fulfilled_at';

/** The requests of the given applications, oldest first (row-level security: an applicant's own, an admin's all). */
export async function fetchDocumentRequests(supabase: SiteClient, applicationIds: string[]): Promise<DocumentRequest[]> {
  if (applicationIds.length === 0) return [];
  const { data, error } = await supabase
    .from('document_requests')
    .select(DOCUMENT_REQUEST_COLUMNS)
    .in('application_id', applicationIds)
    .order('requested_at', { ascending: true })
    .overrideTypes<DocumentRequest[]>();
  if (error) throw error;
  return data ?? [];
}

/** Asks the applicant for `items`, with staff's line; answers the request's id. */
export async function requestDocuments(supabase: SiteClient, applicationId: string, items: RequestedItem[], note: string): Promise<string> {
  const { data, error } = await supabase.rpc('request_documents', { application_id: applicationId, items, ...(note.trim() ? { note: note.trim() } : {}) });
  if (error) throw error;
  return data;
}

/** Records staff's verdict on a file; a file to replace needs the reason and its item's name. */
export async function reviewDocument(
  supabase: SiteClient,
  objectId: string,
  verdict: DocumentVerdict,
  reason?: { text: string; itemLabel: string },
): Promise<void> {
  const { error } = await supabase.rpc('review_document', {
    object_id: objectId,
    verdict,
    ...(reason ? { reason: reason.text.trim(), item_label: reason.itemLabel } : {}),
  });
  if (error) throw error;
}

/** Which items each of the applications (one page of the list) has provided: one request for the page. */
export async function fetchDocumentItems(supabase: SiteClient, applicationIds: string[]): Promise<ItemCount[]> {
  if (applicationIds.length === 0) return [];
  const { data, error } = await supabase.rpc('application_document_items', { application_ids: applicationIds });
  if (error) throw error;
  return data ?? [];
}
