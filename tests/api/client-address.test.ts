// The address the per-client cap counts (private.booking_clients) is the one the gateway saw, not
// one the caller wrote. Hosted Supabase's API gateway (Cloudflare) sets `cf-connecting-ip` to the
// address the request came from and replaces any value the client sent; PostgREST passes it to
// SQL in request.headers (docs/deploy.md, "Check it"). Under `npm run test:remote` this books once
// with a forged cf-connecting-ip and X-Forwarded-For and reads what the database recorded: never
// the forged address. Locally the embedded backend has no gateway and records what the header
// says, which is how the other tests act as clients of their choosing.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSlot } from '../support/open-slots.ts';
import { ON_REMOTE, remoteDatabaseUrl } from '../support/remote-target.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend?.close());

const FORGED = '192.0.2.123';

/** Books once with forged address headers; the booking's id. */
async function bookWithForgedAddress(): Promise<string> {
  const res = await fetch(`${backend.url}/rest/v1/bookings`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', prefer: 'return=minimal', 'cf-connecting-ip': FORGED, 'x-forwarded-for': FORGED, 'x-real-ip': FORGED },
    body: JSON.stringify({ full_name: 'Address Check', phone: '+234 800 000 0000', email: uniqueEmail('address-check'), country: 'Nigeria', ...openSlot(), client_key: crypto.randomUUID() }),
  });
  expect(res.status).toBe(201);
  const id = /\/bookings\?id=eq\.([0-9a-f-]{36})/.exec(res.headers.get('location') ?? '')?.[1];
  if (id) return id;
  // Without a Location header: the latest booking of the check's name, read with the service key.
  const { data } = await backend.admin().from('bookings').select('id').eq('full_name', 'Address Check').order('created_at', { ascending: false }).limit(1).single();
  return data!.id;
}

describe.runIf(ON_REMOTE)('the hosted gateway records the real client address', () => {
  test('a booking with a forged cf-connecting-ip records the address the request came from', async () => {
    const id = await bookWithForgedAddress();
    const client = new pg.Client({ connectionString: remoteDatabaseUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string; network: string }>('select address, network from private.booking_clients where booking_id = $1', [id]);
      // No row: cf-connecting-ip does not reach request.headers, and the cap counts nobody.
      expect(rows).toHaveLength(1);
      expect(rows[0]!.address).not.toBe(FORGED);
      expect(rows[0]!.address).toMatch(/^[0-9a-f.:]+$/i);
    } finally {
      await client.end();
      await backend.admin().from('bookings').delete().eq('id', id);
    }
  });
});

describe.skipIf(ON_REMOTE)('the embedded backend, which has no gateway', () => {
  test('records the header as it came, as PostgREST passes it (tests act as clients this way)', async () => {
    const id = await bookWithForgedAddress();
    const { rows } = await backend.db.query('select address, network from private.booking_clients where booking_id = $1', [id]);
    expect(rows).toEqual([{ address: FORGED, network: FORGED }]);
  });
});
