// A booking's emails through its life, as sent over SMTP and parsed by a calendar library
// (ical.js): booked (a request, tentative), confirmed by staff, rescheduled by the visitor through
// the link in their email (tentative again, the old link void), cancelled by the visitor (the entry
// removed), and the day-before reminder. Every email to the visitor answers to the consultancy's
// monitored address (Reply-To), and the calendar part's MIME method matches the file's METHOD.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { calendarEntry, type CalendarEntry } from '../support/calendar-entry.ts';
import { openSlot } from '../support/open-slots.ts';
import { loadSettings } from '../content/content-files.ts';
import type { MailMessage } from '../../supabase/local/mail/mailbox.ts';
import { uniqueEmail, type TestBackend } from '../api/support.ts';
import { mailTo, notificationBackend, notificationMail, STAFF } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await notificationBackend({ databaseCalls: true });
});
afterAll(() => backend.close());

const MONITORED = loadSettings().contact.email;
/** A Lagos date and time (UTC+1 all year) as an instant in UTC. */
const utc = ({ date, time }: { date: string; time: string }) => new Date(`${date}T${time}:00+01:00`).toISOString();
/** ", <long date> at <time>" as the subjects write it, whatever the date. */
const when = (time: string) => `[A-Z][a-z]+day, \\d{1,2} [A-Z][a-z]+ \\d{4} at ${time}`;

/** The calendar entry of an email, as a calendar app reads it. */
function entryOf(mail: MailMessage): CalendarEntry {
  const [ics] = mail.attachments;
  return calendarEntry(ics!.content, ics!.method);
}

/** The token of the email's "Cancel or reschedule" link. */
function tokenOf(mail: MailMessage): string {
  const link = mail.links.find((l) => l.includes('/appointment#token='));
  if (!link) throw new Error(`no appointment link in "${mail.subject}"`);
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

test('booked, confirmed, rescheduled and cancelled: one calendar entry updated at each step, each email answering to the monitored address', async () => {
  const email = uniqueEmail('life');
  const visitor = backend.client();
  const booked = openSlot();
  const { error } = await visitor.from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...booked });
  expect(error).toBeNull();
  const [requested] = await mailTo(backend, email, 1);
  expect(requested!.headers['reply-to']).toBe(MONITORED);
  const first = entryOf(requested!);
  expect(first).toMatchObject({ partMethod: 'REQUEST', method: 'REQUEST', status: 'TENTATIVE', sequence: 0, start: utc(booked), organizer: `mailto:${MONITORED}`, attendees: [`mailto:${email}`] });

  const admin = await backend.confirmedUser(uniqueEmail('staff'));
  await backend.makeAdmin(admin.userId, admin.client);
  await admin.client.auth.refreshSession();
  const { data: booking } = await backend.admin().from('bookings').select('id').eq('email', email).single();
  const confirm = await admin.client.rpc('change_booking', { booking_id: booking!.id, change: 'confirmed', note: 'Bring your passport' });
  expect(confirm.error).toBeNull();
  const confirmed = (await mailTo(backend, email, 2))[1]!;
  expect(confirmed.subject).toMatch(new RegExp(`^Your consultation is confirmed: ${when(booked.time)} \\(Lagos time, WAT\\)$`));
  expect(confirmed.text).toContain('Bring your passport');
  expect(confirmed.headers['reply-to']).toBe(MONITORED);
  expect(entryOf(confirmed)).toMatchObject({ uid: first.uid, partMethod: 'REQUEST', method: 'REQUEST', status: 'CONFIRMED', sequence: 1 });

  const target = openSlot();
  const moved = await visitor.rpc('reschedule_booking_by_link', { token: tokenOf(confirmed), new_date: target.date, new_time: target.time });
  expect(moved.error).toBeNull();
  const rescheduled = (await mailTo(backend, email, 3))[2]!;
  expect(rescheduled.subject).toMatch(new RegExp(`^New time requested: ${when(target.time)} \\(Lagos time, WAT\\)$`));
  expect(entryOf(rescheduled)).toMatchObject({ uid: first.uid, method: 'REQUEST', status: 'TENTATIVE', sequence: 2, start: utc(target) });
  await expect.poll(async () => (await notificationMail(backend)).some((m) => m.to === STAFF && new RegExp(`^Booking rescheduled: Ada Obi, now ${when(target.time)}$`).test(m.subject))).toBe(true);
  // The confirmed email's link is void after the reschedule: a clear 404, nothing changed.
  const reused = await visitor.rpc('cancel_booking_by_link', { token: tokenOf(confirmed) });
  expect(reused.error).toMatchObject({ code: 'PT404' });

  const cancel = await visitor.rpc('cancel_booking_by_link', { token: tokenOf(rescheduled) });
  expect(cancel.error).toBeNull();
  const cancelled = (await mailTo(backend, email, 4))[3]!;
  expect(cancelled.subject).toMatch(new RegExp(`^Your consultation on ${when(target.time)} is cancelled$`));
  expect(cancelled.links.some((l) => l.includes('/appointment#token='))).toBe(false);
  expect(entryOf(cancelled)).toMatchObject({ uid: first.uid, partMethod: 'CANCEL', method: 'CANCEL', status: 'CANCELLED', sequence: 3 });
});

test('the reminder the day before goes out once, with the link, answering to the monitored address', async () => {
  const email = uniqueEmail('remind');
  const { rows } = await backend.db.query<{ id: string }>(
    `insert into public.bookings (full_name, phone, email, country, date, time) values ('Li Wei', '+86 10 0000 0000', $1, 'China', $2, '10:00') returning id`,
    [email, openSlot().date],
  );
  await mailTo(backend, email, 1);
  // Now 20 hours before it, the time chosen three days ago.
  await backend.db.query(
    `update public.bookings set date = (t at time zone 'Africa/Lagos')::date, time = (t at time zone 'Africa/Lagos')::time, time_chosen_at = now() - interval '3 days'
     from (select date_trunc('minute', now() + interval '20 hours') as t) x where id = $1`,
    [rows[0]!.id],
  );
  await backend.db.query('select private.queue_booking_reminders()');
  await backend.db.query('select private.queue_booking_reminders()');
  const [, reminder] = await mailTo(backend, email, 2);
  expect(reminder!.subject).toMatch(/^Reminder: your consultation on /);
  expect(reminder!.headers['reply-to']).toBe(MONITORED);
  expect(tokenOf(reminder!)).toMatch(/^[0-9a-f]{64}$/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await mailTo(backend, email, 2)).toHaveLength(2);
});
