// Each count of the dashboard's overview opens a list filtered to the rows it counts: the count
// (public.admin_overview) and the total of that list (the list's own query, through the link's
// view) must agree, over rows made so that every filter has something to leave out (bookings
// today and later that were declined or cancelled, past ones, handled messages, applications
// in review or closed while documents were awaited).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../../src/lib/admin/list-queries.ts';
import { defaultView, readView, writeView } from '../../src/lib/admin/list-view.ts';
import { fetchOverview, OVERVIEW_COUNTS, type Overview } from '../../src/lib/admin/overview.ts';
import type { SiteClient } from '../../src/lib/database.ts';
import { application, localOnlyTest, startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;
let staff: SiteClient;
let overview: Overview;

/** A booking `days` after today in Lagos, at 23:30 there (still ahead today), left in `status`. */
async function booking(days: number, status: string): Promise<void> {
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time)
     values ('Ada Obi', '08012345678', $1, 'UK', private.consultancy_today(now()) + $2::integer, '23:30') returning id`,
    [uniqueEmail('count'), days],
  );
  // As the operator: a change made in SQL is not judged as an API request would be.
  await backend.db.query('update public.bookings set status = $2::public.booking_status where id = $1', [rows[0]!.id, status]);
}

beforeAll(async () => {
  backend = await startBackend();
  const admin = await backend.confirmedUser(uniqueEmail('overview-admin'));
  await backend.makeAdmin(admin.userId, admin.client);
  staff = admin.client;

  for (const days of [0, 0, 3, 12]) {
    for (const status of ['requested', 'confirmed', 'declined', 'cancelled']) await booking(days, status);
  }
  await booking(0, 'requested');

  const service = backend.admin();
  const messages = await service
    .from('contact_messages')
    .insert([1, 2, 3].map((n) => ({ name: `Sender ${n}`, email: uniqueEmail('message'), subject: 'Visa', phone: '08012345678', message: 'Hello', page: '/contact' })))
    .select('id');
  expect(messages.error).toBeNull();
  await backend.db.query('update public.contact_messages set handled_at = now() where id = $1', [messages.data![0]!.id]);

  const applications = await service
    .from('visa_applications')
    .insert(['submitted', 'submitted', 'in_review', 'approved', 'rejected'].map((status, n) => application(`Applicant ${n}`, { status: status as never })))
    .select('id, status');
  expect(applications.error).toBeNull();
  // Documents awaited: on an open application (counted) and on a closed one (not counted).
  for (const { id, status } of applications.data!) {
    if (status === 'in_review' || status === 'approved') await backend.db.query('update public.visa_applications set awaiting_documents = true where id = $1', [id]);
  }

  const answer = await fetchOverview(staff);
  if (!answer.ok) throw new Error(`overview: ${answer.error.message}`);
  overview = answer.data;
});

afterAll(() => backend?.close());

describe('the overview', () => {
  localOnlyTest.each(OVERVIEW_COUNTS.map((count) => [count.label, count] as const))('“%s” equals the total of the list its link opens', async (_label, count) => {
    const [key, value] = count.filter;
    // The view as the link writes it into the address and the list reads it back.
    const view = readView(count.list, writeView(count.list, { ...defaultView(count.list), filters: { [key]: value } }, ''));
    expect(view.filters[key]).toBe(value);
    const page = await fetchPage(staff, count.list, view);
    if (!page.ok) throw new Error(`${count.list.id}: ${page.error.message}`);
    expect(overview[count.key]).toBeGreaterThan(0);
    expect(page.data.total).toBe(overview[count.key]);
  });

  it('leaves out, for today, the bookings that hold no place', () => {
    // Nine bookings today, four of them declined or cancelled.
    expect(overview.bookings_today).toBe(5);
  });
});
