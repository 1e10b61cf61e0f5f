// The booking slots for `npm run bench:api` (`--slots-only` runs them alone): 50 visitors at once,
// each from an address of its own (cf-connecting-ip, as hosted Supabase's gateway sets it), look up
// a date's open slots (GET /rest/v1/rpc/open_slots, the form's plain request) and book one slot
// each (POST /rest/v1/bookings, judged by private.judge_booking_slot); then 50 at once for the two
// places of one slot, of which exactly two must be stored. On a database of its own, with the
// shipped rules (two places a slot), except the hourly ceiling across all clients: 500 bookings in a
// minute would pass it (its refusals are tested in tests/db/appointment-slots.test.ts, not timed here).
//
// What the embedded database measures: PGlite serves one connection, so the backend runs one
// transaction at a time and these latencies are mostly the queue behind the other 49 visitors'
// requests; the slot's lock never waits there, since no two transactions are ever open at once.
// On PostgreSQL they run side by side and wait on the lock only for the same slot, so a booking's
// latency there is its own work plus that of the bookings of the same slot before it.
import type { ScriptDb } from '../../../supabase/local/db/open.ts';
import type { Run } from '../api.bench.ts';
import { startBackendProcess } from '../../support/backend-process.ts';
import { nthOpenSlot } from '../../support/open-slots.ts';

type Measure = (count: number, concurrency: number, request: (i: number) => Promise<Response>) => Promise<Run>;

export interface SlotFigures {
  lookup: Run;
  booking: Run;
  lastPlaces: { sent: number; stored: number; full: number; ms: number };
}


/**
 * The other benchmarks store more bookings than the calendar holds (2,000 a round over about 600
 * slots of the next weeks): their database takes 50 a slot, the most the rules allow. Their figures
 * are about inserting a row, not about a slot's places. The hourly ceiling across all clients is
 * at its highest (10,000), and the bookings already stored count as an hour older each time this
 * runs (before each insert round): the notification rounds store 20,000 in minutes, which would
 * measure the ceiling's refusals from the sixth round on.
 */
export async function roomForBenchBookings(db: ScriptDb): Promise<void> {
  await db.query('update public.booking_rules set places_per_slot = 50, bookings_per_hour = 10000');
  await db.query(`update public.bookings set created_at = created_at - interval '1 hour' where created_at > now() - interval '1 hour'`);
}

/** The `i`th visitor's address, in the private range 10.0.0.0/8. */
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * On a new database at dataDir (tests/bench/lib/fresh-database.ts), `visitors` at once send
 * `requests` look-ups, then as many bookings, then race for one slot (50 and 500 at the
 * benchmark's defaults).
 */
export async function measureSlots(dataDir: string, env: Record<string, string>, measure: Measure, visitors = 50, requests = 500): Promise<SlotFigures> {
  const backend = await startBackendProcess({ ...env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    const ceiling = await fetch(`${backend.url}/rest/v1/booking_rules?id=eq.true`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookings_per_hour: 10_000 }),
    });
    if (!ceiling.ok) throw new Error(`Raising the hourly ceiling answered ${ceiling.status}: ${await ceiling.text()}`);
    const headers = (i: number) => ({ apikey: backend.anonKey, 'content-type': 'application/json', 'cf-connecting-ip': address(i) });
    const lookup = await measure(requests, visitors, (i) =>
      fetch(`${backend.url}/rest/v1/rpc/open_slots?day=${nthOpenSlot(i * 17).date}`, { headers: headers(i) }),
    );
    const booking = await measure(requests, visitors, (i) =>
      fetch(`${backend.url}/rest/v1/bookings`, {
        method: 'POST',
        headers: { ...headers(i), prefer: 'return=minimal' },
        body: JSON.stringify({ full_name: `Slot ${i}`, phone: '+234 800 000 0000', email: `slot.${i}@bench.example`, country: 'Nigeria', ...nthOpenSlot(i) }),
      }),
    );
    // One slot none of the above took, for 50 visitors at once.
    const last = nthOpenSlot(requests + 1);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: visitors }, async (_, i) => {
        const res = await fetch(`${backend.url}/rest/v1/bookings`, {
          method: 'POST',
          headers: { ...headers(requests + i), prefer: 'return=minimal' },
          body: JSON.stringify({ full_name: `Last ${i}`, phone: '+234 800 000 0000', email: `last.${i}@bench.example`, country: 'Nigeria', ...last }),
        });
        const body = await res.text();
        return res.status === 201 ? 'stored' : (JSON.parse(body) as { code?: string }).code;
      }),
    );
    const ms = Math.round(performance.now() - started);
    return {
      lookup,
      booking,
      lastPlaces: { sent: visitors, stored: answers.filter((a) => a === 'stored').length, full: answers.filter((a) => a === 'RF009').length, ms },
    };
  } finally {
    await backend.stop();
  }
}
