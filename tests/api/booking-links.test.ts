// A booking's emailed link through the REST API, as the /appointment page and anyone else may call
// it: a forged, reused or expired link and hostile values each get a 4xx with a clear message,
// never a 5xx; a link opens the booking without changing it. (tests/db/booking-changes.test.ts
// has the rules; tests/functions/booking-emails.test.ts the emails.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSlot } from '../support/open-slots.ts';
import { startBackend, uniqueEmail, localOnlyTest, type TestBackend } from './support.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend.close());

const nextYear = new Date().getUTCFullYear() + 1;

async function rpc(name: string, body: unknown): Promise<{ status: number; body: { code?: string; message?: string } & Record<string, unknown> }> {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
}

/** A booking and the token of its first email (read from the outbox's payload, as the email carries it). */
async function bookingWithLink(slot = openSlot()): Promise<{ id: string; token: string }> {
  const email = uniqueEmail('link');
  const { error } = await backend.client().from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...slot });
  expect(error).toBeNull();
  const { rows } = await backend.db.query<{ id: string; token: string }>(
    `select b.id, n.payload ->> 'link_token' as token from public.bookings b join public.notifications n on n.subject_id = b.id and n.kind = 'booking_confirmation' where b.email = $1`,
    [email],
  );
  return rows[0]!;
}

describe('a booking link through the API', () => {
  localOnlyTest('opens the booking and changes nothing', async () => {
    const slot = openSlot();
    const { id, token } = await bookingWithLink(slot);
    expect(await rpc('booking_by_link', { token })).toEqual({ status: 200, body: { full_name: 'Ada Obi', ...slot, status: 'requested', can_change: true } });
    const { rows } = await backend.db.query('select status from public.bookings where id = $1', [id]);
    expect(rows).toEqual([{ status: 'requested' }]);
  });

  it('answers a forged or malformed link 404 with a clear message, whatever was sent', async () => {
    for (const token of ['f'.repeat(64), 'x', '', null, 42, ['a'], { a: 1 }, "' or 1=1 --", '\u0000']) {
      for (const name of ['booking_by_link', 'cancel_booking_by_link']) {
        const answer = await rpc(name, { token });
        expect(answer.status, `${name} ${JSON.stringify(token)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${name} ${JSON.stringify(token)}`).toBeLessThan(500);
      }
    }
    expect(await rpc('cancel_booking_by_link', { token: 'f'.repeat(64) })).toMatchObject({ status: 404, body: { code: 'PT404', message: expect.stringContaining('This link is not valid') } });
  });

  localOnlyTest('refuses a reused link after a reschedule (404), a second cancel (409), an expired link (410) and bad dates (400)', async () => {
    const { id, token } = await bookingWithLink();
    for (const bad of [{ new_date: 'soon', new_time: '10:00' }, { new_date: `${nextYear}-02-30`, new_time: '10:00' }, { new_date: `${nextYear}-03-11`, new_time: '25:00' }, { new_date: '2020-01-06', new_time: '10:00' }]) {
      const answer = await rpc('reschedule_booking_by_link', { token, ...bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const target = openSlot();
    expect((await rpc('reschedule_booking_by_link', { token, new_date: target.date, new_time: target.time })).status).toBe(200);
    expect(await rpc('cancel_booking_by_link', { token })).toMatchObject({ status: 404, body: { code: 'PT404' } });

    const { rows } = await backend.db.query<{ token: string }>(
      `select payload ->> 'link_token' as token from public.notifications where subject_id = $1 and kind = 'booking_changed' and payload ? 'link_token'`,
      [id],
    );
    const fresh = rows[0]!.token;
    expect((await rpc('cancel_booking_by_link', { token: fresh })).status).toBe(200);
    expect(await rpc('cancel_booking_by_link', { token: fresh })).toMatchObject({ status: 409, body: { code: 'PT409', message: 'This booking is cancelled and can no longer be changed.' } });
    await backend.db.query(`update private.booking_links set expires_at = now() - interval '1 second' where booking_id = $1`, [id]);
    expect(await rpc('booking_by_link', { token: fresh })).toMatchObject({ status: 410, body: { code: 'PT410', message: 'This link has expired: the appointment time has passed.' } });
  });

  it('lets no visitor change a booking as staff', async () => {
    const answer = await rpc('change_booking', { booking_id: '00000000-0000-0000-0000-000000000000', change: 'confirmed' });
    expect(answer.status).toBe(401);
  });
});
