// A booking's rules are the database's (private.booking_holds_place, private.booking_changes_allowed,
// private.booking_note_max, public.booking_rules.slot_minutes); the pages copy the first three from
// common/bookings.ts to offer only what the database will take. Each copy is compared here with its
// function for every state of the generated enum, so a change to one side alone fails; the slot
// length and a booking's instants are not copied at all: the emails read them from the payload.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_NOTE_MAX, BOOKING_STATUSES, CHANGES_ALLOWED, PLACE_HOLDING_STATUSES } from '../../common/bookings.ts';
import { staffChangesFor } from '../../src/lib/appointments/staff-bookings.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

describe('common/bookings.ts against the database', () => {
  it.each(BOOKING_STATUSES)('a %s booking holds its place and allows the same changes in both', async (status) => {
    const { rows } = await db.query<{ holds: boolean; changes: string[] }>(
      `select private.booking_holds_place($1::public.booking_status) as holds,
              to_jsonb(private.booking_changes_allowed($1::public.booking_status)) as changes`,
      [status],
    );
    expect(PLACE_HOLDING_STATUSES.includes(status)).toBe(rows[0]!.holds);
    expect(CHANGES_ALLOWED[status]).toEqual(rows[0]!.changes);
    expect(staffChangesFor(status)).toEqual(rows[0]!.changes);
  });

  it('has the database’s longest note, which the history’s CHECK and the change both use', async () => {
    const { rows } = await db.query<{ max: number; checks: string }>(
      `select private.booking_note_max() as max,
              (select string_agg(pg_get_constraintdef(oid), ' ') from pg_constraint where conrelid = 'public.booking_events'::regclass) as checks`,
    );
    expect(rows[0]!.max).toBe(BOOKING_NOTE_MAX);
    expect(rows[0]!.checks).toContain('private.booking_note_max()');
  });
});

describe('the payload of a booking’s emails', () => {
  it('carries whether it holds its place and its start and end, one slot length apart', async () => {
    const { rows } = await db.query<{ payload: Record<string, unknown>; starts: string; minutes: number }>(
      `with booking as (
         insert into public.bookings (full_name, phone, email, country, date, time)
         values ('Ada Obi', '08012345678', 'ada.rules@example.com', 'UK', private.consultancy_today(now()) + 20, '10:00')
         returning *)
       select private.booking_email_payload(booking, null) as payload,
              private.booking_starts_at(booking.date, booking.time) as starts,
              (select slot_minutes from public.booking_rules) as minutes
       from booking`,
    );
    const { payload, starts, minutes } = rows[0]!;
    expect(payload.holds_place).toBe(true);
    expect(Date.parse(payload.starts_at as string)).toBe(new Date(starts).getTime());
    expect(Date.parse(payload.ends_at as string) - Date.parse(payload.starts_at as string)).toBe(minutes * 60_000);
  });
});
