// Everything held about the caller's account, as data.json lists it (docs/privacy-export.md), one
// section per key of EXPORT_SECTIONS (common/personal-data.ts, the list of every table and bucket
// holding a user id or an address).
//
// Read as the caller wherever row-level security lets them read their own rows: their profile,
// applications, each application's timeline, requests and verdicts, and their documents (listed
// and downloaded through the Storage API with their token). The service key is used for one thing
// only: the rows found by the account's verified address (bookings, contact messages, the
// newsletter subscription and the emails sent to that address). Those are written by visitors who
// need no account, so the policies give them to staff alone; the address is the one the Auth
// server says this account has confirmed, and nothing else is read with the key. With an address
// not yet confirmed, none of them is read: anyone may type any address into a form.
import { applicationReference } from '../../../common/application-reference.ts';
import { EXPORT_FORMAT, type ExportSection } from '../../../common/personal-data.ts';
import type { Json, Tables } from '../_shared/client.ts';
import type { ProjectClient } from '../_shared/signed-in.ts';
import type { User } from '@supabase/supabase-js';
import { EMAIL_ABOUT } from './email-kinds.ts';

/** A document of the account: its object's name in the bucket and where the archive holds it. */
export interface DocumentFile {
  bucket: string;
  objectName: string;
  /** Its path inside the zip: documents/{application reference}/{item}/{file name}. */
  archivePath: string;
}

/** data.json: one key per section, and what the file is. */
export type ExportData = { format: number; exported_at: string; note: string } & Record<ExportSection, Json>;

/** The bucket of the documents (private.documents_bucket()). */
export const DOCUMENTS_BUCKET = 'application-documents';

/** A read refused or failed: the export stops rather than leave a section out. */
export class ReadFailed extends Error {}

function rows<T>(what: string, read: { data: T[] | null; error: { message: string } | null }): T[] {
  if (read.error) throw new ReadFailed(`${what}: ${read.error.message}`);
  return read.data ?? [];
}

/** A row without the lower-cased search keys and token hashes the database keeps beside its fields. */
function plain(row: Record<string, unknown>): Record<string, Json> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith('_lower') && !key.endsWith('_hash'))) as Record<string, Json>;
}

/** `value` as a LIKE pattern that matches it alone (an address may hold `_`). */
function literalPattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Reads every section of the account; `caller` makes requests as the account, `service` with the service key. */
export async function collect(user: User, caller: ProjectClient, service: ProjectClient, now = new Date()): Promise<{ data: ExportData; files: DocumentFile[] }> {
  const verified = user.email && user.email_confirmed_at ? user.email.toLowerCase() : null;

  const [profile, applications] = await Promise.all([
    caller.from('profiles').select('*').eq('id', user.id).maybeSingle(),
    caller.from('visa_applications').select('*').eq('user_id', user.id).order('submitted_at', { ascending: true }),
  ]);
  if (profile.error) throw new ReadFailed(`profile: ${profile.error.message}`);
  const apps = rows('applications', applications);
  const ids = apps.map((app) => app.id);

  const [changes, requests, verdicts, documents] = await Promise.all([
    caller.from('application_status_changes').select('application_id, from_status, to_status, changed_at').in('application_id', ids).order('changed_at', { ascending: true }),
    caller.from('document_requests').select('application_id, items, note, requested_at, fulfilled_at').in('application_id', ids).order('requested_at', { ascending: true }),
    caller.from('document_verdicts').select('application_id, file_name, item_key, verdict, reason, reviewed_at').in('application_id', ids).order('reviewed_at', { ascending: true }),
    Promise.all(apps.map(async (app) => ({ app, documents: rows(`documents of ${applicationReference(app.id)}`, await caller.rpc('application_documents', { application_id: app.id })) }))),
  ]);
  const history = rows('status changes', changes);
  const asked = rows('document requests', requests);
  const judged = rows('document verdicts', verdicts);

  const files: DocumentFile[] = [];
  const documentEntries = documents.flatMap(({ app, documents: listed }) =>
    listed.map((doc) => {
      const fileName = doc.name.split('/').pop() ?? doc.name;
      const archivePath = ['documents', applicationReference(app.id), ...(doc.item ? [doc.item] : []), fileName].join('/');
      files.push({ bucket: DOCUMENTS_BUCKET, objectName: doc.name, archivePath });
      return {
        application_reference: applicationReference(app.id),
        item: doc.item,
        file_name: fileName,
        size: doc.size,
        type: doc.mime_type,
        uploaded_at: doc.created_at,
        verdict: doc.verdict,
        reason: doc.reason,
        file: archivePath,
      };
    }),
  );

  const byAddress = verified ? await readByAddress(service, verified) : { bookings: [], messages: [], newsletter: [], emails: [] };

  const data: ExportData = {
    format: EXPORT_FORMAT,
    exported_at: now.toISOString(),
    note: 'Everything Bridgeway Visa & Immigration holds about this account. docs/privacy-export.md in the site\'s repository describes each key.',
    account: {
      id: user.id,
      email: user.email ?? null,
      created_at: user.created_at,
      email_confirmed_at: user.email_confirmed_at ?? null,
      last_sign_in_at: user.last_sign_in_at ?? null,
    },
    profile: profile.data ? plain(profile.data) : null,
    applications: apps.map((app) => ({
      ...plain(app),
      reference: applicationReference(app.id),
      timeline: history.filter((change) => change.application_id === app.id).map(({ application_id: _, ...change }) => change),
      document_requests: asked.filter((request) => request.application_id === app.id).map(({ application_id: _, ...request }) => request),
      document_verdicts: judged.filter((verdict) => verdict.application_id === app.id).map(({ application_id: _, ...verdict }) => verdict),
    })),
    documents: documentEntries,
    ...byAddress,
  };
  return { data, files };
}

type ByAddress = Pick<ExportData, 'bookings' | 'messages' | 'newsletter' | 'emails'>;

/** The rows found by the account's verified address, read with the service key (collect says why). */
async function readByAddress(service: ProjectClient, address: string): Promise<ByAddress> {
  const [bookings, messages, newsletter, emails] = await Promise.all([
    service.from('bookings').select('*').eq('email_lower', address).order('created_at', { ascending: true }),
    service.from('contact_messages').select('*').eq('email_lower', address).order('created_at', { ascending: true }),
    service.from('newsletter_subscribers').select('*').eq('email_lower', address),
    service.from('notifications').select('kind, status, created_at, sent_at').ilike('recipient', literalPattern(address)).order('created_at', { ascending: true }),
  ]);
  const booked = rows('bookings', bookings);
  const history = booked.length
    ? rows('booking changes', await service.from('booking_events').select('*').in('booking_id', booked.map((booking) => booking.id)).order('created_at', { ascending: true }))
    : [];
  return {
    bookings: booked.map((booking) => ({
      ...plain(booking),
      changes: history.filter((event) => event.booking_id === booking.id).map((event) => plain(event)),
    })),
    messages: rows('contact messages', messages).map(plain),
    newsletter: rows('newsletter', newsletter).map(plain),
    emails: rows('emails', emails).map((email: Pick<Tables<'notifications'>, 'kind' | 'status' | 'created_at' | 'sent_at'>) => ({
      about: EMAIL_ABOUT[email.kind],
      kind: email.kind,
      status: email.status,
      queued_at: email.created_at,
      sent_at: email.sent_at,
    })),
  };
}
