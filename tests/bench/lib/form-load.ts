// The forms' load check for `npm run bench:api`: 200 concurrent submissions of each public form
// (booking, contact message, newsletter sign-up), as the site's islands send them (anon key,
// return=minimal, an idempotency key each, the newsletter through its function), must leave
// exactly 200 rows each. Every submission has its own address: the spam limit is per address.
import { randomUUID } from 'node:crypto';
import { nthOpenSlot } from '../../support/open-slots.ts';

export interface FormLoad {
  form: string;
  accepted: number;
  rows: number;
  ms: number;
}

interface Keys {
  anonKey: string;
  serviceRoleKey: string;
}

/** Sends `count` submissions of each form at once (200 at the benchmark's defaults). */
export async function concurrentFormSubmissions(url: string, keys: Keys, count = 200): Promise<FormLoad[]> {
  const tag = `formload${Date.now().toString(36)}`;
  const email = (form: string, i: number) => `${tag}.${form}.${i}@bench.example`;
  const post = (path: string, body: unknown) =>
    fetch(`${url}/rest/v1/${path}`, {
      method: 'POST',
      headers: { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}`, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(body),
    }).then(async (res) => (await res.arrayBuffer(), res.status));

  const forms = [
    {
      form: 'bookings',
      send: (i: number) =>
        post('bookings', { full_name: `Load ${i}`, phone: '+234 800 000 0000', email: email('b', i), country: 'Nigeria', ...nthOpenSlot(i), website: '', client_key: randomUUID() }),
    },
    {
      form: 'contact_messages',
      send: (i: number) =>
        post('contact_messages', { name: `Load ${i}`, email: email('c', i), subject: 'Load', phone: '+234 800 000 0000', message: 'Load check', page: '/contact', website: '', client_key: randomUUID() }),
    },
    { form: 'newsletter_subscribers', send: (i: number) => post('rpc/subscribe_newsletter', { email: email('n', i), website: null }) },
  ];

  const results: FormLoad[] = [];
  for (const { form, send } of forms) {
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: count }, (_, i) => send(i)));
    const ms = Math.round(performance.now() - started);
    const counted = await fetch(`${url}/rest/v1/${form}?select=id&email=like.${tag}*&limit=1`, {
      headers: { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}`, prefer: 'count=exact' },
    });
    const rows = Number(counted.headers.get('content-range')?.split('/')[1]);
    results.push({ form, accepted: statuses.filter((s) => s === 201 || s === 204).length, rows, ms });
  }
  return results;
}
