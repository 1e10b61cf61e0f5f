// A stolen staff password alone reads nothing of applicants: an admin signed in with the password
// only (aal1) finds every staff table empty, every staff RPC refused and every document file
// hidden, as an applicant would; the same admin with the code (aal2) reads them. One rule does it
// (private.session_is_aal2, called by private.is_admin: docs/architecture.md says why).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SiteClient } from '../../src/lib/database.ts';
import { DOCUMENTS_BUCKET } from '../../src/lib/document-rules.ts';
import { documentPath } from '../../src/lib/documents/paths.ts';
import { reachAal2 } from '../support/totp.ts';
import { sample } from './storage-support.ts';
import { application, startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let staff: SiteClient;
let applicationId: string;
let documentName: string;
let documentId: string;

/** Tables staff read that hold no row of the admin's own (each has one seeded below, or by a trigger). */
const STAFF_TABLES = [
  'visa_applications',
  'application_status_changes',
  'application_notes',
  'contact_messages',
  'bookings',
  'booking_events',
  'closed_dates',
  'newsletter_subscribers',
  'notifications',
  'document_reviews',
  'document_requests',
  'document_verdicts',
] as const;

/** The columns an API role may read, where it may not read them all. */
const READABLE: Partial<Record<(typeof STAFF_TABLES)[number], string>> = {
  document_reviews: 'object_id, application_id, verdict, reason, reviewed_at',
  document_verdicts: 'id, object_id, application_id, verdict, reason, file_name, item_key, reviewed_at',
};

/** The staff RPCs, each called as the dashboard calls it. */
const STAFF_RPCS: [string, (client: SiteClient) => PromiseLike<{ data: unknown; error: { code?: string } | null }>][] = [
  ['admin_overview', (c) => c.rpc('admin_overview')],
  ['admin_leads_by_week', (c) => c.rpc('admin_leads_by_week')],
  ['bookings_on_closed_days', (c) => c.rpc('bookings_on_closed_days')],
  ['set_weekly_hours', (c) => c.rpc('set_weekly_hours', { week: [] })],
  ['set_lead_handled', (c) => c.rpc('set_lead_handled', { lead_table: 'contact_messages', lead_id: crypto.randomUUID(), handled: true })],
  ['retry_notification', (c) => c.rpc('retry_notification', { notification_id: crypto.randomUUID() })],
  ['request_documents', (c) => c.rpc('request_documents', { application_id: applicationId, items: [{ key: 'photo', label: 'Passport photo' }] })],
  ['review_document', (c) => c.rpc('review_document', { object_id: documentId, verdict: 'accepted', item_label: 'Passport bio page' })],
  ['change_booking', (c) => c.rpc('change_booking', { booking_id: crypto.randomUUID(), change: 'confirmed' })],
  ['application_document_counts', (c) => c.rpc('application_document_counts', { application_ids: [applicationId] })],
  ['application_document_items', (c) => c.rpc('application_document_items', { application_ids: [applicationId] })],
  ['document_verdict_reviewers', (c) => c.rpc('document_verdict_reviewers', { application_id: applicationId })],
  ['admin_set_role', (c) => c.rpc('admin_set_role', { target_user: crypto.randomUUID(), new_role: 'user' })],
  ['admin_delete_user', (c) => c.rpc('admin_delete_user', { user_id: crypto.randomUUID() })],
];

beforeAll(async () => {
  backend = await startBackend();
  const applicant = await backend.confirmedUser(uniqueEmail('applicant'));
  const submitted = await applicant.client.from('visa_applications').insert(application('Ada Obi')).select('id').single();
  if (submitted.error) throw submitted.error;
  applicationId = submitted.data.id;
  documentName = documentPath(applicant.userId, applicationId, 'passport', 'passport.pdf');
  const uploaded = await applicant.client.storage.from(DOCUMENTS_BUCKET).upload(documentName, sample('pdf'), { contentType: 'application/pdf' });
  if (uploaded.error) throw uploaded.error;
  documentId = uploaded.data.id;

  const booking = await backend.db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     values ('Ada Obi', '08012345678', $1, 'UK', private.consultancy_today(now()) + 3, '23:30') returning id`,
    [uniqueEmail('booking')],
  );
  // A colleague at aal2 works the case, so every staff table has a row an admin should see.
  const colleague = await backend.confirmedUser(uniqueEmail('colleague'));
  await backend.makeAdmin(colleague.userId, colleague.client);
  const worked = [
    await colleague.client.rpc('request_documents', { application_id: applicationId, items: [{ key: 'bank-statements', label: 'Bank statements' }] }),
    await colleague.client.rpc('review_document', { object_id: documentId, verdict: 'accepted', item_label: 'Passport bio page' }),
    await colleague.client.from('application_notes').insert({ application_id: applicationId, body: 'Called the applicant' }),
    await colleague.client.from('closed_dates').insert({ date: new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10), reason: 'Holiday' }),
    await colleague.client.from('visa_applications').update({ status: 'in_review' }).eq('id', applicationId),
    await colleague.client.rpc('change_booking', { booking_id: booking.rows[0]!.id, change: 'confirmed' }),
  ];
  for (const { error } of worked) if (error) throw error;
  const service = backend.admin();
  const inserted = await Promise.all([
    service.from('contact_messages').insert({ name: 'Sender', email: uniqueEmail('message'), subject: 'Visa', phone: '08012345678', message: 'Hello', page: '/contact' }),
    service.from('newsletter_subscribers').insert({ email: uniqueEmail('subscriber') }),
  ]);
  for (const { error } of inserted) if (error) throw error;

  const admin = await backend.confirmedUser(uniqueEmail('admin'));
  await backend.makeAdmin(admin.userId);
  staff = admin.client;
});
afterAll(() => backend?.close());

/** What the service key sees of `table`: the rows an admin at aal2 must see too. */
async function serviceCount(table: string): Promise<number> {
  const { count, error } = await backend.admin().from(table as 'bookings').select('*', { count: 'exact', head: true });
  if (error) throw error;
  return count ?? 0;
}

describe('an admin with the password only (aal1)', () => {
  test('is at aal1, with a factor to give next', async () => {
    // makeAdmin without a client leaves the session as signed in; staff enrol at their first sign-in.
    const level = await staff.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal1');
  });

  test.each(STAFF_TABLES)('finds %s empty', async (table) => {
    expect(await serviceCount(table)).toBeGreaterThan(0);
    const { data, error } = await staff.from(table as 'bookings').select(READABLE[table] ?? '*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  test('reads no one else’s profile', async () => {
    const { data } = await staff.from('profiles').select('id');
    expect(data).toHaveLength(1);
  });

  test.each(STAFF_RPCS)('is refused %s (42501) or answered nothing, as any signed-in user', async (_name, call) => {
    const { data, error } = await call(staff);
    const nothing = error === null && (data === null || (Array.isArray(data) && data.length === 0));
    expect(error?.code === '42501' || nothing, JSON.stringify({ data, error })).toBe(true);
  });

  test('cannot open, sign, list or count the documents', async () => {
    const opened = await staff.rpc('open_document', { object_name: documentName });
    expect(opened.error?.code).toBe('42501');
    const bucket = staff.storage.from(DOCUMENTS_BUCKET);
    const download = await bucket.download(documentName);
    expect(download.data).toBeNull();
    const signed = await bucket.createSignedUrl(documentName, 60);
    expect(signed.data).toBeNull();
    const listed = await bucket.list(documentName.split('/').slice(0, 2).join('/'));
    expect(listed.data ?? []).toEqual([]);
    const documents = await staff.rpc('application_documents', { application_id: applicationId });
    expect(documents.data ?? []).toEqual([]);
  });
});

describe('the same admin with the code (aal2)', () => {
  beforeAll(async () => {
    await reachAal2(staff);
  });

  test.each(STAFF_TABLES)('reads %s', async (table) => {
    const { data, error } = await staff.from(table as 'bookings').select(READABLE[table] ?? '*');
    expect(error).toBeNull();
    expect(data).toHaveLength(await serviceCount(table));
  });

  test('reads every profile', async () => {
    const { data } = await staff.from('profiles').select('id');
    expect(data!.length).toBeGreaterThan(1);
  });

  test.each(STAFF_RPCS)('is let through by %s (no 42501)', async (_name, call) => {
    const { error } = await call(staff);
    expect(error?.code ?? 'none').not.toBe('42501');
  });

  test('reads the counts and items of the application’s documents', async () => {
    const counts = await staff.rpc('application_document_counts', { application_ids: [applicationId] });
    expect(counts.data).toHaveLength(1);
  });

  test('opens the document', async () => {
    // Storage serves staff a document only once its opening is in the activity record.
    const opened = await staff.rpc('open_document', { object_name: documentName });
    expect(opened.error).toBeNull();
    const download = await staff.storage.from(DOCUMENTS_BUCKET).download(documentName);
    expect(download.error).toBeNull();
    expect(download.data!.size).toBe(sample('pdf').length);
    const documents = await staff.rpc('application_documents', { application_id: applicationId });
    expect(documents.data).toHaveLength(1);
  });
});
