// The booking slots over REST, with plain requests as a browser or a script would send them: the
// look-up anyone calls (GET /rest/v1/rpc/open_slots, counts only), and forged bookings of a closed,
// shut or full slot refused with 4xx, the SQLSTATE the form knows and the field's message. The rules
// themselves are tested in tests/db/appointment-slots.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { consultancyToday } from '../../common/domain.ts';
import { ON_REMOTE } from '../support/remote-target.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

/** A Monday `weeks` weeks or more after Lagos's today, whose slots are all open now. */
function monday(weeks: number): string {
  let day = Date.parse(`${consultancyToday()}T00:00:00Z`) + weeks * 7 * 86_400_000;
  while (new Date(day).getUTCDay() !== 1) day += 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

const headers = (extra: Record<string, string> = {}) => ({ apikey: backend.anonKey, 'content-type': 'application/json', ...extra });

async function openSlots(day: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${backend.url}/rest/v1/rpc/open_slots?day=${day}`, { headers: { apikey: backend.anonKey } });
  return { status: res.status, body: await res.json() };
}

async function book(date: string, time: string, extra: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${backend.url}/rest/v1/bookings`, {
    method: 'POST',
    headers: headers(extra),
    body: JSON.stringify({ full_name: 'Forger', phone: '+1 555 0100', email: uniqueEmail('forger'), country: 'USA', date, time }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('the look-up, with a plain request and the anon key', () => {
  test('lists a weekday’s 17 slots with the places each has left, and nothing else', async () => {
    const { status, body } = await openSlots(monday(1));
    expect(status).toBe(200);
    expect(body).toHaveLength(17);
    expect((body as unknown[])[0]).toEqual({ start: '09:00:00', places_left: 2 });
    expect((body as unknown[]).at(-1)).toEqual({ start: '17:00:00', places_left: 2 });
  });

  test('lists nothing on a Sunday', async () => {
    const sunday = new Date(Date.parse(`${monday(1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await openSlots(sunday)).toEqual({ status: 200, body: [] });
  });

  test('answers a date that is not one with 400, never 5xx', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/open_slots?day=2027-02-30`, { headers: { apikey: backend.anonKey } });
    expect(res.status).toBe(400);
  });
});

describe('a forged booking is refused whatever the browser sent', () => {
  const day = monday(2);
  const sunday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  test.each([
    ['Sunday at 03:00', sunday, '03:00', 'RF007', 'There are no consultation times left on this date. Please choose another date.'],
    ['a weekday at 23:30', day, '23:30', 'RF008', 'This time is not open for booking. Please choose one of the times offered.'],
    ['a time off the slot grid', day, '10:10', 'RF008', 'This time is not open for booking. Please choose one of the times offered.'],
  ])('%s: 400 with its code and message', async (_case, date, time, code, message) => {
    const { status, body } = await book(date, time);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code, message });
  });

  test('a full slot: the third booking of a slot of two places is 400 RF009, and the look-up no longer offers it', async () => {
    expect((await book(day, '11:00')).status).toBe(201);
    expect((await book(day, '11:00')).status).toBe(201);
    expect(await book(day, '11:00')).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'RF009', message: 'This time has just been fully booked. Please choose another time.' }),
    });
    const { body } = await openSlots(day);
    expect((body as { start: string }[]).map((slot) => slot.start)).not.toContain('11:00:00');
  });
});

// On a hosted project Cloudflare replaces cf-connecting-ip with the test machine's own address.
describe.skipIf(ON_REMOTE)('rotating email addresses from one client address', () => {
  test('takes four upcoming bookings from the address the gateway names, then refuses with 400 RF010; another address books', async () => {
    const day = monday(3);
    const from = (address: string) => ({ 'cf-connecting-ip': address });
    for (const time of ['09:00', '09:30', '10:00', '10:30']) expect((await book(day, time, from('203.0.113.50'))).status).toBe(201);
    expect(await book(day, '11:00', from('203.0.113.50'))).toEqual({ status: 400, body: expect.objectContaining({ code: 'RF010' }) });
    expect((await book(day, '11:00', from('198.51.100.50'))).status).toBe(201);
  });
});

describe.skipIf(ON_REMOTE)('closed days an admin sends over REST', () => {
  test('a day without end, the year 10000 or one past the booking window is refused with 400, never stored', async () => {
    const { client, userId } = await backend.confirmedUser(uniqueEmail('closer'));
    await backend.makeAdmin(userId, client);
    await client.auth.refreshSession();
    for (const date of ['infinity', '10000-01-01', '2999-12-31']) {
      const { error, status } = await client.from('closed_dates').insert({ date, reason: 'Closed' });
      expect({ date, status, code: error?.code }).toEqual({ date, status: 400, code: 'PT400' });
    }
    const { data } = await client.from('closed_dates').select('date');
    expect(data).toEqual([]);
  });
});
