// The admin dashboard's requests at 100,000 rows, for `npm run bench:api`: 100,000 bookings and
// contact messages are loaded beside the benchmark's 100,000 applications, then the first page,
// a search and the next page of each list are timed exactly as the island asks for them (a
// 25-row range with an exact count, ordered by the sort column then id the other way, search as
// a range on each lower-cased key; the next page by the key of the first page's last row, with the
// exact count in a request beside it). Kept apart from api.bench.ts to ease merging.
import { keyFilters, searchFilter } from '../../../src/lib/admin/list-queries.ts';
import type { ScriptDb } from '../../../supabase/local/db/open.ts';

interface Run {
  n: number;
  p50: number;
  p95: number;
  failures: number;
}

type Measure = (
  count: number,
  concurrency: number,
  request: (i: number) => Promise<Response>,
) => Promise<Run>;
type Report = (
  name: string,
  value: string,
  goal?: string,
  met?: boolean,
) => void;

/** Loads `count` bookings and contact messages straight into the database (an operator's import). */
export async function seedAdminLists(
  db: ScriptDb,
  count: number,
): Promise<void> {
  // The per-address spam limit and the past-date check are triggers for visitors' submissions;
  // a bulk import skips them, as pg_restore would (for this transaction only).
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    // In the past two years: a history of consultations held. Upcoming ones would fill the slots
    // the insert cases book (a hundred a slot, over the rules' places), and those cases would
    // then measure the slot judge's refusals instead of a booking stored.
    await tx.query(
      `insert into public.bookings (full_name, phone, email, country, date, time, created_at)
     select 'Seeded booker ' || i, '+234 800 000 0000', 'booker' || i || '@bench.example',
            ((array['USA','UK','Nigeria','Canada'])[1 + i % 4])::public.booking_country, current_date - 1 - (i % 730), time '09:00' + make_interval(mins => (i % 16) * 30),
            now() - make_interval(secs => i)
     from generate_series(1, $1::int) as i`,
      [count],
    );
    await tx.query(
      `insert into public.contact_messages (name, email, subject, phone, message, page, created_at)
     select 'Seeded writer ' || i, 'writer' || i || '@bench.example', 'Question ' || i, '+234 800 000 0000',
            'A question about visas, number ' || i, '/contact', now() - make_interval(secs => i)
     from generate_series(1, $1::int) as i`,
      [count],
    );
  });
  await db.query('vacuum analyze public.bookings');
  await db.query('vacuum analyze public.contact_messages');
}

/** The island's `or=` search over `keys` for rows starting with `term` (src/lib/admin/list-queries.ts, searchFilter). */
function search(keys: string[], term: string): string {
  return `or=(${encodeURIComponent(searchFilter(keys, term))})`;
}

/** Times the dashboard's requests on each big list; returns the figures for bench-results/api.json. */
export async function measureAdminDashboard(
  url: string,
  headers: Record<string, string>,
  measure: Measure,
  report: Report,
  requests: number,
): Promise<Record<string, Run>> {
  const lists = [
    {
      label: 'applications',
      path: 'visa_applications?select=id,submitted_at,name,email,phone,visa_type,status,dob,nationality,passport_number,marital_status,address,message,user_id,updated_at',
      sort: 'submitted_at',
      order: 'submitted_at.desc,id.asc',
      narrow: search(
        ['name_lower', 'email_lower', 'passport_number_lower'],
        'seeded applicant 4242',
      ),
      broad: search(
        ['name_lower', 'email_lower', 'passport_number_lower'],
        'seeded applicant 1',
      ),
      filter: 'status=eq.submitted&visa_type=eq.Business%20Visa',
    },
    {
      label: 'bookings',
      path: 'bookings?select=id,created_at,full_name,email,phone,country,date,time',
      sort: 'created_at',
      order: 'created_at.desc,id.asc',
      narrow: search(['full_name_lower', 'email_lower'], 'seeded booker 4242'),
      broad: search(['full_name_lower', 'email_lower'], 'seeded booker 1'),
      filter: '',
    },
    {
      label: 'contact messages',
      path: 'contact_messages?select=id,created_at,name,email,phone,subject,message,page',
      sort: 'created_at',
      order: 'created_at.desc,id.asc',
      narrow: search(['name_lower', 'email_lower'], 'writer4242'),
      broad: search(['name_lower', 'email_lower'], 'seeded writer 1'),
      filter: '',
    },
  ];
  const results: Record<string, Run> = {};
  const get = (path: string) => () =>
    fetch(`${url}/rest/v1/${path}`, {
      headers: { ...headers, prefer: 'count=exact' },
    });
  for (const list of lists) {
    // The key of the first page's last row, as Next takes it (src/islands/admin/DataTable.tsx).
    const firstPage = (await (await get(`${list.path}&order=${list.order}&offset=0&limit=25`)()).json()) as Record<string, string>[];
    const last = firstPage.at(-1);
    if (!last) throw new Error(`the ${list.label} list is empty`);
    const { range, or } = keyFilters(list.sort, false, { after: true, value: last[list.sort]!, id: last.id! });
    const table = list.path.slice(0, list.path.indexOf('?'));
    const byKey = () =>
      Promise.all([
        fetch(`${url}/rest/v1/${list.path}&${list.sort}=${range[0]}.${encodeURIComponent(range[1])}&or=(${encodeURIComponent(or)})&order=${list.order}&limit=25`, { headers }),
        fetch(`${url}/rest/v1/${table}?select=id`, { method: 'HEAD', headers: { ...headers, prefer: 'count=exact' } }),
      ]).then(([page, count]) => (count.ok ? page : count));
    const keyed = await measure(requests, 1, byKey);
    results[`${list.label}: next page by key`] = keyed;
    report(`admin ${list.label}: next page by key: p50 / p95`, `${keyed.p50} / ${keyed.p95} ms`, 'p95 < 50 ms', keyed.p95 < 50 && keyed.failures === 0);
    const cases: [string, string][] = [
      ['first page', `${list.path}&order=${list.order}&offset=0&limit=25`],
      ['next page', `${list.path}&order=${list.order}&offset=25&limit=25`],
      [
        'search (11 matches)',
        `${list.path}&${list.narrow}&order=${list.order}&offset=0&limit=25`,
      ],
      [
        'search (11,111 matches)',
        `${list.path}&${list.broad}&order=${list.order}&offset=0&limit=25`,
      ],
      [
        'search, next page',
        `${list.path}&${list.broad}&order=${list.order}&offset=25&limit=25`,
      ],
      [
        'sorted by name',
        `${list.path}&order=${list.label === 'bookings' ? 'full_name_lower' : 'name_lower'}.asc,id.desc&offset=0&limit=25`,
      ],
    ];
    if (list.filter)
      cases.push([
        'status + visa type filter',
        `${list.path}&${list.filter}&order=${list.order}&offset=0&limit=25`,
      ]);
    for (const [name, path] of cases) {
      const run = await measure(requests, 1, get(path));
      results[`${list.label}: ${name}`] = run;
      report(
        `admin ${list.label}: ${name}: p50 / p95`,
        `${run.p50} / ${run.p95} ms`,
        'p95 < 50 ms',
        run.p95 < 50 && run.failures === 0,
      );
    }
  }
  return results;
}
