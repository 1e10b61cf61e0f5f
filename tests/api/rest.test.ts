// The PostgREST subset through supabase-js: reads with filters, order, ranges and counts, writes
// in both return modes, rpc, .single()/.maybeSingle(), and row-level security deciding per role.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { application, startBackend, uniqueEmail, type TestBackend } from './support.ts';
import { openSlot } from '../support/open-slots.ts';
import type { TablesInsert } from '../../src/lib/database.ts';
import type { VisaType } from '../../common/domain.ts';

/** A select builder, as the filter table receives and returns it. */
type Query = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

/** A client without the generated types: this file also sends, on purpose, what the schema refuses. */
const untyped = (client: SupabaseClient): SupabaseClient => client;

let backend: TestBackend;
let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };
let admin: { client: SupabaseClient; userId: string };

function booking(email: string): TablesInsert<'bookings'> {
  return { full_name: 'Chidi Okafor', phone: '+234 801 234 5678', email, country: 'Nigeria', ...openSlot() };
}

beforeAll(async () => {
  backend = await startBackend();
  [alice, bob, admin] = await Promise.all([
    backend.confirmedUser(uniqueEmail('alice'), 'alice-password', { full_name: 'Alice' }),
    backend.confirmedUser(uniqueEmail('bob'), 'bob-password', { full_name: 'Bob' }),
    backend.confirmedUser(uniqueEmail('admin'), 'admin-password', { full_name: 'Admin' }),
  ]);
  await backend.makeAdmin(admin.userId, admin.client);
  const rows = Array.from({ length: 12 }, (_, i) => application(`Alice ${String(i).padStart(2, '0')}`, { visa_type: i % 2 ? 'Business Visa' : 'Tourist Visa' }));
  const { error } = await alice.client.from('visa_applications').insert(rows);
  if (error) throw error;
  await bob.client.from('visa_applications').insert(application('Bob Only'));
});
afterAll(() => backend?.close());

describe('select', () => {
  test('a user sees only their own rows; an admin sees all', async () => {
    const mine = await alice.client.from('visa_applications').select('name, user_id');
    expect(mine.error).toBeNull();
    expect(mine.data).toHaveLength(12);
    expect(mine.data!.every((r) => r.user_id === alice.userId)).toBe(true);
    const all = await admin.client.from('visa_applications').select('id', { count: 'exact', head: true });
    expect(all.count).toBe(13);
  });

  test('filters, order and range with an exact count (206 and Content-Range)', async () => {
    const res = await alice.client
      .from('visa_applications')
      .select('name, visa_type', { count: 'exact' })
      .eq('visa_type', 'Business Visa')
      .order('name', { ascending: false })
      .range(1, 3);
    expect(res.error).toBeNull();
    expect(res.status).toBe(206);
    expect(res.count).toBe(6);
    expect(res.data!.map((r) => r.name)).toEqual(['Alice 09', 'Alice 07', 'Alice 05']);
  });

  test.each([
    ['neq', (q: Query) => q.neq('visa_type', 'Tourist Visa'), 6],
    ['in', (q: Query) => q.in('name', ['Alice 00', 'Alice 01', 'nobody']), 2],
    ['like', (q: Query) => q.like('name', 'Alice 1%'), 2],
    ['ilike', (q: Query) => q.ilike('name', '%ALICE 0%'), 10],
    ['gt/lte', (q: Query) => q.gt('name', 'Alice 03').lte('name', 'Alice 06'), 3],
    ['is null', (q: Query) => q.is('message', null), 12],
    ['not', (q: Query) => q.not('visa_type', 'eq', 'Tourist Visa'), 6],
    ['or', (q: Query) => q.or('name.eq.Alice 00,name.eq.Alice 11'), 2],
    ['or with and', (q: Query) => q.or('name.eq.Alice 00,and(visa_type.eq.Business Visa,name.gte.Alice 09)'), 3],
  ] as [string, (q: Query) => Query, number][])('filter %s', async (_name, apply, expected) => {
    const { data, error } = await apply(alice.client.from('visa_applications').select('name'));
    expect(error).toBeNull();
    expect(data).toHaveLength(expected);
  });

  test('a Range header pages like limit/offset', async () => {
    const res = await fetch(`${backend.url}/rest/v1/visa_applications?select=name&order=name`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${(await alice.client.auth.getSession()).data.session!.access_token}`, range: '2-4', prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-4/12');
    expect((await res.json()).map((r: { name: string }) => r.name)).toEqual(['Alice 02', 'Alice 03', 'Alice 04']);
  });

  test('an offset past the end is 416 PGRST103', async () => {
    const res = await alice.client.from('visa_applications').select('id', { count: 'exact' }).range(50, 60);
    expect(res.status).toBe(416);
    expect(res.error?.code).toBe('PGRST103');
  });

  test('.single() and .maybeSingle()', async () => {
    const one = await alice.client.from('visa_applications').select('name').eq('name', 'Alice 03').single();
    expect(one.data).toEqual({ name: 'Alice 03' });
    const many = await alice.client.from('visa_applications').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    expect(many.error?.details).toBe('The result contains 12 rows');
    const none = await alice.client.from('visa_applications').select('name').eq('name', 'missing').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
  });

  test('aliases and CSV', async () => {
    const aliased = await alice.client.from('visa_applications').select('who:name').eq('name', 'Alice 00');
    expect(aliased.data).toEqual([{ who: 'Alice 00' }]);
    const csv = await alice.client.from('visa_applications').select('name,visa_type').in('name', ['Alice 00', 'Alice 01']).order('name').csv();
    expect(csv.data).toBe('name,visa_type\nAlice 00,Tourist Visa\nAlice 01,Business Visa');
  });

  test('HEAD with a count returns no body', async () => {
    const res = await alice.client.from('visa_applications').select('*', { count: 'exact', head: true });
    expect(res.data).toBeNull();
    expect(res.count).toBe(12);
  });
});

describe('insert', () => {
  test('anonymous booking with return=minimal is 201 with no body', async () => {
    const res = await backend.client().from('bookings').insert(booking(uniqueEmail('book')));
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
  });

  test('anonymous visitors cannot read bookings back (401, RLS and grants)', async () => {
    const res = await backend.client().from('bookings').insert(booking(uniqueEmail('book'))).select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('42501');
    const read = await backend.client().from('bookings').select('*');
    expect(read.status).toBe(401);
    expect(read.data).toBeNull();
  });

  test('return=representation gives the stored row with defaults; .single() unwraps it', async () => {
    const res = await bob.client.from('visa_applications').insert(application('Bob Again', { message: 'Urgent' })).select('id, name, status, user_id, submitted_at').single();
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ name: 'Bob Again', status: 'submitted', user_id: bob.userId });
    expect(res.data!.submitted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('a user cannot apply in another user\'s name (403, RLS)', async () => {
    const res = await bob.client.from('visa_applications').insert(application('Forged', { user_id: alice.userId }));
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
  });

  test('value outside an enum (400 22P02), check constraint (400 23514), unknown column (400 PGRST204), duplicate (409 23505)', async () => {
    // A forged value: the types refuse it, so it is cast, as a hostile client's JSON would carry it.
    const forged = await bob.client.from('visa_applications').insert(application('Bad', { visa_type: 'Moon Visa' as VisaType }));
    expect(forged.status).toBe(400);
    expect(forged.error?.code).toBe('22P02');
    const check = await bob.client.from('visa_applications').insert(application('   '));
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const unknown = await bob.client.from('visa_applications').insert({ ...application('X'), favourite_colour: 'blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST204');
    expect(unknown.error?.message).toBe("Could not find the 'favourite_colour' column of 'visa_applications' in the schema cache");
    // A booking sent twice with its idempotency key: the second is the unique key's 409.
    const booking: TablesInsert<'bookings'> = { full_name: 'Twice', phone: '+234 800 000 0000', email: uniqueEmail('twice'), country: 'UK', ...openSlot(), client_key: randomUUID() };
    expect((await backend.client().from('bookings').insert(booking)).error).toBeNull();
    const dup = await backend.client().from('bookings').insert(booking);
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
  });

  test('upsert merges on the primary key or ignores duplicates (service key: only it may write every column)', async () => {
    const service = untyped(backend.admin());
    const { data: stored } = await bob.client.from('visa_applications').insert(application('Upsert Me')).select('*').single();
    // The admin dashboard's search keys (name_lower, ..., reference) are generated columns: nobody writes them.
    const row = Object.fromEntries(Object.entries(stored!).filter(([key]) => !key.endsWith('_lower') && key !== 'reference'));
    const denied = await admin.client.from('visa_applications').upsert({ ...row, status: 'rejected' });
    expect(denied.status).toBe(403);
    const merged = await service.from('visa_applications').upsert({ ...row, status: 'rejected' }).select('name, status');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ name: 'Upsert Me', status: 'rejected' }]);
    const ignored = await service.from('visa_applications').upsert({ ...row, status: 'approved' }, { onConflict: 'id', ignoreDuplicates: true }).select('status');
    expect(ignored.data).toEqual([]);
    const unknownTarget = await service.from('visa_applications').upsert(row, { onConflict: 'nope' });
    expect(unknownTarget.status).toBe(400);
  });

  test('missing=default keeps defaults for keys absent from some rows', async () => {
    const rows = [application('Default A'), { ...application('Default B'), message: 'hello' }];
    const res = await bob.client.from('visa_applications').insert(rows, { defaultToNull: false }).select('name, message, status');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      { name: 'Default A', message: null, status: 'submitted' },
      { name: 'Default B', message: 'hello', status: 'submitted' },
    ]);
  });
});

describe('update and delete', () => {
  test('an admin changes a status; a user cannot (the row is not theirs to update: 0 rows)', async () => {
    const { data: row } = await alice.client.from('visa_applications').select('id').eq('name', 'Alice 05').single();
    const denied = await bob.client.from('visa_applications').update({ status: 'approved' }).eq('id', row!.id).select();
    expect(denied.error).toBeNull();
    expect(denied.data).toEqual([]);
    const ok = await admin.client.from('visa_applications').update({ status: 'in_review' }).eq('id', row!.id).select('status');
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual([{ status: 'in_review' }]);
    const minimal = await admin.client.from('visa_applications').update({ status: 'approved' }).eq('id', row!.id);
    expect(minimal.status).toBe(204);
  });

  test('a user cannot change their own role (column grant: 403)', async () => {
    const res = await bob.client.from('profiles').update({ role: 'admin' }).eq('id', bob.userId);
    expect(res.status).toBe(403);
    expect(res.error?.code).toBe('42501');
    const own = await bob.client.from('profiles').update({ occupation: 'Engineer' }).eq('id', bob.userId).select('occupation, role').single();
    expect(own.data).toEqual({ occupation: 'Engineer', role: 'user' });
  });

  test('delete: nobody but an admin removes rows', async () => {
    const { data: row } = await alice.client.from('visa_applications').select('id').eq('name', 'Alice 11').single();
    const byUser = await alice.client.from('visa_applications').delete().eq('id', row!.id).select();
    expect(byUser.data).toEqual([]);
    const byAdmin = await admin.client.from('visa_applications').delete().eq('id', row!.id).select('name');
    expect(byAdmin.data).toEqual([{ name: 'Alice 11' }]);
    const gone = await alice.client.from('visa_applications').select('id').eq('id', row!.id);
    expect(gone.data).toEqual([]);
  });
});

describe('the count of a write', () => {
  // PostgREST's Content-Range after a write (Response.hs): an update names the changed rows' range,
  // an insert or a delete none; with Prefer: count=exact the total is the number of rows changed,
  // which supabase-js reads as `count`.
  test('update and delete with { count: "exact" } give the rows changed, as hosted PostgREST', async () => {
    const names = ['Counted 1', 'Counted 2', 'Counted 3'];
    const inserted = await bob.client.from('visa_applications').insert(names.map((name) => application(name)), { count: 'exact' });
    expect(inserted).toMatchObject({ error: null, status: 201, count: 3 });

    const updated = await admin.client.from('visa_applications').update({ status: 'in_review' }, { count: 'exact' }).like('name', 'Counted %');
    expect(updated).toMatchObject({ error: null, status: 204, count: 3 });
    const returned = await admin.client.from('visa_applications').update({ status: 'approved' }, { count: 'exact' }).eq('name', 'Counted 1').select('name');
    expect(returned).toMatchObject({ error: null, status: 200, count: 1, data: [{ name: 'Counted 1' }] });
    const none = await admin.client.from('visa_applications').update({ status: 'in_review' }, { count: 'exact' }).eq('name', 'nobody');
    expect(none).toMatchObject({ error: null, count: 0 });

    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const url = `${backend.url}/rest/v1/visa_applications?name=like.Counted*`;
    const headers = { apikey: backend.anonKey, authorization: `Bearer ${token}` };
    const patched = await fetch(url, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json', prefer: 'count=exact' }, body: '{"status":"rejected"}' });
    expect([patched.status, patched.headers.get('content-range')]).toEqual([204, '0-2/3']);
    const uncounted = await fetch(url, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: '{"status":"rejected"}' });
    expect(uncounted.headers.get('content-range')).toBe('0-2/*');
    const deleted = await fetch(url, { method: 'DELETE', headers: { ...headers, prefer: 'return=minimal,count=exact' } });
    expect([deleted.status, deleted.headers.get('content-range')]).toEqual([204, '*/3']);

    const again = await admin.client.from('visa_applications').delete({ count: 'exact' }).like('name', 'Counted %');
    expect(again).toMatchObject({ error: null, status: 204, count: 0 });
  });
});

describe('rpc', () => {
  test('subscribe_newsletter is void (204) and silent for a repeat', async () => {
    const email = uniqueEmail('rpc');
    const first = await backend.client().rpc('subscribe_newsletter', { email });
    expect(first.error).toBeNull();
    expect(first.status).toBe(204);
    const again = await backend.client().rpc('subscribe_newsletter', { email });
    expect(again.error).toBeNull();
  });

  test('admin_delete_user: refused for a user (403), done for an admin; applications keep their rows, erased', async () => {
    const victim = await backend.confirmedUser(uniqueEmail('victim'));
    const inserted = await victim.client.from('visa_applications').insert(application('Victim App')).select('id').single();
    const denied = await bob.client.rpc('admin_delete_user', { user_id: victim.userId });
    expect(denied.status).toBe(403);
    expect(denied.error?.code).toBe('42501');
    const done = await admin.client.rpc('admin_delete_user', { user_id: victim.userId });
    expect(done.error).toBeNull();
    const app = await admin.client.from('visa_applications').select('user_id, name').eq('id', inserted.data!.id).single();
    expect(app.data).toEqual({ user_id: null, name: 'Erased' });
  });

  test('an array argument is a JSON array, as PostgREST reads it; a bad element is 400, not 500', async () => {
    const { data: rows } = await admin.client.from('visa_applications').select('id').in('name', ['Alice 00', 'Bob Only']).order('name');
    const ids = rows!.map((row) => row.id as string);
    const counts = await admin.client.rpc('application_document_counts', { application_ids: ids });
    expect(counts.error).toBeNull();
    expect(counts.data).toEqual(expect.arrayContaining(ids.map((id) => ({ application_id: id, documents: 0 }))));
    expect(counts.data).toHaveLength(2);
    const bad = await admin.client.rpc('application_document_counts', { application_ids: ['not-a-uuid'] });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
  });

  test("application_documents: an unknown id lists nothing, a hostile one is 400, anonymous visitors are refused", async () => {
    const unknown = await admin.client.rpc('application_documents', { application_id: crypto.randomUUID() });
    expect(unknown).toMatchObject({ error: null, data: [] });
    for (const hostile of ['not-a-uuid', '../x', "' or true --"]) {
      const res = await admin.client.rpc('application_documents', { application_id: hostile });
      expect([res.status, res.error?.code], hostile).toEqual([400, '22P02']);
    }
    const anonymous = await backend.client().rpc('application_documents', { application_id: crypto.randomUUID() });
    expect([anonymous.status, anonymous.error?.code]).toEqual([401, '42501']);
  });

  test('an unknown function or argument is 404 PGRST202', async () => {
    const res = await untyped(backend.client()).rpc('no_such_function', {});
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('PGRST202');
    const badArg = await untyped(backend.client()).rpc('subscribe_newsletter', { mail: 'x@example.com' });
    expect(badArg.status).toBe(404);
  });

  test('a blank POST body is no arguments; malformed JSON is 400 PGRST102', async () => {
    const post = async (body: string) => {
      const res = await fetch(`${backend.url}/rest/v1/rpc/no_such_function`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, error: (await res.json()) as { code: string; message: string } };
    };
    for (const blank of ['', '  \n']) {
      const res = await post(blank);
      expect(res.status).toBe(404);
      expect(res.error.message).toBe('Could not find the function public.no_such_function() in the schema cache');
    }
    const bad = await post('{"email": ');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
  });
});

describe('errors', () => {
  test('unknown table 404 PGRST205, unknown column 400 42703, bad operator 400 PGRST100', async () => {
    const table = await alice.client.from('no_such_table').select('*');
    expect(table.status).toBe(404);
    expect(table.error?.code).toBe('PGRST205');
    expect(table.error?.message).toBe("Could not find the table 'public.no_such_table' in the schema cache");
    const column = await alice.client.from('visa_applications').select('nope');
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('42703');
    const op = await alice.client.from('visa_applications').select('id').filter('name', 'sounds_like', 'x');
    expect(op.status).toBe(400);
    expect(op.error?.code).toBe('PGRST100');
  });

  test('a value of the wrong type is 400 22P02, not 500', async () => {
    const res = await alice.client.from('visa_applications').select('id').eq('id', 'not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('22P02');
  });

  test('tables outside public are not reachable', async () => {
    for (const name of ['auth.users', 'users', 'form_submissions', 'pg_user']) {
      const res = await untyped(backend.admin()).from(name).select('*');
      expect(res.status).toBe(404);
    }
  });
});
