// `node tests/bench/aal2-cost.bench.ts [applications] [runs]`: what the aal2 rule costs the admin's
// first page (50 applications, newest first, with the exact count, as the dashboard asks for it)
// at 100,000 applications. On one migrated PGlite database, the page is timed as the REST server
// runs it (one transaction as `authenticated` with an admin's aal2 claims) with private.is_admin()
// as the migrations define it (calling private.session_is_aal2()), then with is_admin() put back
// as it was before the rule (the role alone), alternating so the machine's load falls on both
// alike. Prints both medians with the load average. A benchmark: it reports, it does not judge.
import { loadavg } from 'node:os';
import { openDb } from '../../supabase/local/db/open.ts';
import { median } from './lib/median.ts';

const APPLICATIONS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 30);

const WITH_RULE = `
create or replace function private.is_admin() returns boolean language sql stable security definer set search_path = '' as $$
select private.session_is_aal2() and exists (select 1 from public.profiles where id = (select auth.uid()) and role = 'admin');
$$;`;
const WITHOUT_RULE = `
create or replace function private.is_admin() returns boolean language sql stable security definer set search_path = '' as $$
select exists (select 1 from public.profiles where id = (select auth.uid()) and role = 'admin');
$$;`;

const db = await openDb({ dataDir: 'memory://' });
try {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                             created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'bench-admin@example.com',
             '', now(), '{}', '{}', now(), now(), '', '', '', '') returning id`,
  );
  const adminId = rows[0]!.id;
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [adminId]);
  // As api.bench.ts imports them: straight into the table, the submission triggers off.
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `insert into public.visa_applications (visa_type, name, email, phone, dob, nationality, passport_number, marital_status, address, submitted_at)
       select ((array['Tourist Visa','Business Visa','Visa Extension'])[1 + i % 3])::public.visa_type, 'Seeded applicant ' || i,
              'seed' || i || '@bench.example', '+234 800 000 0000', date '1980-01-01' + (i % 9000), 'Nigerian', 'P' || i, 'Single',
              'Seed Street ' || i, now() - make_interval(secs => i)
       from generate_series(1, $1::int) as i`,
      [APPLICATIONS],
    );
  });
  await db.query('vacuum analyze public.visa_applications');
  const claims = JSON.stringify({ sub: adminId, role: 'authenticated', aud: 'authenticated', aal: 'aal2' });

  /** The dashboard's first page and its exact count, as one REST request's transaction. */
  const firstPage = () =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [claims]);
      const start = performance.now();
      const page = await tx.query(`select * from public.visa_applications order by submitted_at desc, id desc limit 50`);
      const count = await tx.query<{ n: number }>(`select count(*)::int as n from public.visa_applications`);
      const ms = performance.now() - start;
      if (page.rows.length !== 50 || count.rows[0]!.n !== APPLICATIONS) throw new Error('the admin did not read every application');
      return ms;
    });

  const timed = { with: [] as number[], without: [] as number[] };
  for (const version of ['with', 'without'] as const) {
    await db.exec(version === 'with' ? WITH_RULE : WITHOUT_RULE);
    await firstPage();
  }
  const loadAtStart = loadavg()[0]!.toFixed(2);
  for (let i = 0; i < RUNS; i++) {
    for (const version of ['with', 'without'] as const) {
      await db.exec(version === 'with' ? WITH_RULE : WITHOUT_RULE);
      timed[version].push(await firstPage());
    }
  }
  const ms = (xs: number[]) => `${median(xs).toFixed(1)} ms`;
  console.log(`The admin's first page (50 rows + exact count) over ${APPLICATIONS} applications, ${RUNS} runs each, PGlite`);
  console.log(`(load average ${loadAtStart} at start, ${loadavg()[0]!.toFixed(2)} at the end)`);
  console.log(`  before the rule (is_admin: the role alone):        p50 ${ms(timed.without)}`);
  console.log(`  with the rule (is_admin calls session_is_aal2):    p50 ${ms(timed.with)}`);
} finally {
  await db.close();
}
