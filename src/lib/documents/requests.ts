// Staff's side of an application's documents (supabase/migrations/20261122000900_documents.sql):
// their verdict on a file, their requests for what is missing (and how a request reads in both
// timelines), and which items each application has provided (for the list's "n of m required"). Each call takes the client and throws on
// failure, as the dashboard's other calls do (src/lib/follow-up.ts); the dashboard shows what a
// refusal means through src/lib/forms/errors.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ItemCount } from './checklist.ts';
import type { DocumentVerdict } from './stored.ts';

/** An item a request names: its key and its name in the checklist that day. */
export interface RequestedItem {
  key: string;
  label: string;
}

/** A request for missing documents, as both timelines and the applicant's card read it. */
export interface DocumentRequest {
  id: string;
  application_id: string;
  items: RequestedItem[];
  note: string | null;
  requested_by: string | null;
  requested_at: string;
  /** When its last item arrived; null while it is open. */
  fulfilled_at: string | null;
}

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
export async function fetchDocumentRequests(supabase: SupabaseClient, applicationIds: string[]): Promise<DocumentRequest[]> {
  if (applicationIds.length === 0) return [];
  const { data, error } = await supabase
    .from('document_requests')
    .select(DOCUMENT_REQUEST_COLUMNS)
    .in('application_id', applicationIds)
    .order('requested_at', { ascending: true });
  if (error) throw error;
  return (data ?? []) as DocumentRequest[];
}

/** Asks the applicant for `items`, with staff's line; answers the request's id. */
export async function requestDocuments(supabase: SupabaseClient, applicationId: string, items: RequestedItem[], note: string): Promise<string> {
  const { data, error } = await supabase.rpc('request_documents', { application_id: applicationId, items, note: note.trim() || null });
  if (error) throw error;
  return data as string;
}

/** Records staff's verdict on a file; a file to replace needs the reason and its item's name. */
export async function reviewDocument(
  supabase: SupabaseClient,
  objectId: string,
  verdict: DocumentVerdict,
  reason?: { text: string; itemLabel: string },
): Promise<void> {
  const { error } = await supabase.rpc('review_document', {
    object_id: objectId,
    verdict,
    reason: reason ? reason.text.trim() : null,
    item_label: reason ? reason.itemLabel : null,
  });
  if (error) throw error;
}

/** Which items each of the applications (one page of the list) has provided: one request for the page. */
export async function fetchDocumentItems(supabase: SupabaseClient, applicationIds: string[]): Promise<ItemCount[]> {
  if (applicationIds.length === 0) return [];
  const { data, error } = await supabase.rpc('application_document_items', { application_ids: applicationIds });
  if (error) throw error;
  return (data ?? []) as ItemCount[];
}
