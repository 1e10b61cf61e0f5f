// The migration runner: every file recorded once in version order, reopening applies nothing,
// a failing migration leaves neither its changes nor its ledger row, and a database migrated with
// files the folder no longer has (the migrations before a squash or a re-cut) is refused, not
// half-migrated.

import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrap, listMigrations, migrate, MIGRATIONS_DIR } from '../../supabase/local/db/migrate.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;
let scratch: string;

beforeAll(async () => {
  db = await openTestDb();
  scratch = await mkdtemp(join(tmpdir(), 'visa-migrations-'));
});

afterAll(async () => {
  await db?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A scratch migrations folder: the project's migrations, then `files` (name to SQL). */
async function scratchFolder(name: string, files: Record<string, string> = {}): Promise<string> {
  const dir = join(scratch, name);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  for (const [file, sql] of Object.entries(files)) await writeFile(join(dir, file), sql);
  return dir;
}

describe('the project migrations', () => {
  it('are named <version>_<name>.sql, one per domain, in order', async () => {
    const names = (await listMigrations()).map((m) => m.name);
    expect(names).toEqual([
      'profiles_and_roles',
      'consultancy_time',
      'visa_applications',
      'public_forms',
      'job_queue',
      'notifications',
      'application_timeline',
      'lead_handling',
      'consultation_hours',
      'bookings',
      'booking_changes',
      'booking_reminders',
      'newsletter',
      'documents',
      'document_reviews_and_requests',
      'document_staff_actions',
      'document_removals',
      'admin_overview',
      'site_rebuild',
      'cms_sign_in',
      'activity_record',
      'retention',
      'account_deletion',
    ]);
  });

  // Each file holds its domain in its final form: a table is altered, a type given labels and a
  // function replaced only in the file that creates it (SQL comments are left out of the scan).
  it('define each function once and alter only the tables and types of their own file', async () => {
    const files = await Promise.all(
      (await listMigrations()).map(async ({ name, path }) => ({
        name,
        sql: (await readFile(path, 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '').replace(/--[^\n]*/g, ''),
      })),
    );
    const owner = new Map<string, string>();
    const found = (sql: string, pattern: RegExp) => [...sql.matchAll(pattern)].map((match) => match[1]!.toLowerCase());
    for (const { name, sql } of files) {
      for (const object of found(sql, /\bcreate\s+(?:table|type)\s+([\w.]+)/gi)) owner.set(object, name);
    }
    const strays: string[] = [];
    const definedIn = new Map<string, string>();
    for (const { name, sql } of files) {
      for (const fn of new Set(found(sql, /\bcreate\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\(/gi))) {
        if (definedIn.has(fn)) strays.push(`${name} defines ${fn} again (${definedIn.get(fn)})`);
        else definedIn.set(fn, name);
      }
      for (const object of found(sql, /\balter\s+(?:table|type)\s+(?:only\s+)?([\w.]+)/gi)) {
        if (owner.has(object) && owner.get(object) !== name) strays.push(`${name} alters ${object} (${owner.get(object)})`);
      }
    }
    expect(definedIn.size).toBeGreaterThan(100);
    expect(strays).toEqual([]);
  });

  it('are all recorded in supabase_migrations.schema_migrations with a checksum', async () => {
    const files = await listMigrations();
    const { rows } = await db.query<{ version: string; name: string; checksum: string }>(
      'select version, name, checksum from supabase_migrations.schema_migrations order by version',
    );
    expect(rows.map(({ version, name }) => ({ version, name }))).toEqual(files.map(({ version, name }) => ({ version, name })));
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.checksum))).toBe(true);
  });

  it('apply nothing the second time, and the bootstrap can run again', async () => {
    await bootstrap(db);
    expect(await migrate(db)).toEqual([]);
  });

  it('enable row-level security on every public table', async () => {
    const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    expect(rows).toEqual(
      [
        'account_deletions',
        'activity_record',
        'application_notes',
        'application_status_changes',
        'booking_events',
        'booking_rules',
        'bookings',
        'closed_dates',
        'contact_messages',
        'document_requests',
        'document_retention_removals',
        'document_reviews',
        'document_verdicts',
        'newsletter_subscribers',
        'notifications',
        'opening_hours',
        'profiles',
        'retention_rules',
        'visa_applications',
      ].map((relname) => ({
        relname,
        relrowsecurity: true,
      })),
    );
  });

  it('give every policy a named role and evaluate auth.uid(), is_admin() and is_staff() once per statement', async () => {
    const { rows } = await db.query<{ policyname: string; roles: string[] | string; qual: string | null; with_check: string | null }>(
      `select policyname, roles::text[] as roles, qual, with_check from pg_policies where schemaname = 'public'`,
    );
    // At least one policy for each of the five tables: the query did find them.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const policy of rows) {
      expect(policy.roles, policy.policyname).not.toContain('public');
      const text = `${policy.qual ?? ''} ${policy.with_check ?? ''}`;
      // Wrapped in a scalar subquery, the call becomes an init plan instead of running per row.
      expect(text, policy.policyname).not.toMatch(/(?<!SELECT )(auth\.uid|private\.is_admin|private\.is_staff)\(\)/);
    }
  });

  it('make every security definer function pin an empty search_path', async () => {
    const { rows } = await db.query<{ proname: string; proconfig: string[] | null }>(
      `select p.proname, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosecdef`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.proconfig, row.proname).toContain('search_path=""');
  });

  it('leave no public function executable by anonymous visitors but the newsletter sign-up, its confirmation and unsubscribe, the open slots, and the booking link’s page', async () => {
    const { rows } = await db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((row) => row.proname)).toEqual(['booking_by_link', 'cancel_booking_by_link', 'confirm_newsletter', 'open_slots', 'reschedule_booking_by_link', 'subscribe_newsletter', 'unsubscribe_newsletter']);
  });

  // The admin check, the security definer halves of the public RPCs (each checks its caller), and
  // the checks the documents' storage policies call, which run as the caller.
  it('let signed-in users execute nothing in private but the admin check, the RPCs’ definer halves and the storage policies’ checks', async () => {
    const { rows } = await db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((row) => row.proname)).toEqual([
      'admin_delete_user',
      'admin_leads_by_week',
      'admin_overview',
      'admin_set_role',
      'application_objects',
      'booking_by_link',
      'bookings_on_closed_days',
      'caller_document_refusal',
      'case_activity',
      'confirm_newsletter',
      'document_retention',
      'document_verdict_reviewers',
      'documents_bucket',
      'is_admin',
      'is_staff',
      'may_add_document',
      'open_document',
      'open_slots',
      'opened_lately',
      'owns_document',
      'record_data_export',
      'record_factor_removal',
      'request_documents',
      'retry_notification',
      'review_document',
      'set_lead_handled',
      'staff_change_booking',
      'staff_factors',
      'start_csv_export',
      'subscribe_newsletter',
      'unsubscribe_newsletter',
      'visitor_change_booking',
    ]);
  });

  it('let anonymous visitors execute nothing in private but the definer halves of their RPCs', async () => {
    const { rows } = await db.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    expect(rows.map((row) => row.proname)).toEqual(['booking_by_link', 'confirm_newsletter', 'open_slots', 'subscribe_newsletter', 'unsubscribe_newsletter', 'visitor_change_booking']);
  });
});

describe('a new migration', () => {
  it('runs after the applied ones and is recorded', async () => {
    const dir = await scratchFolder('good', { '29990101000000_notes.sql': 'create table public.scratch_notes (id int primary key);' });
    expect(await migrate(db, dir)).toEqual(['29990101000000']);
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query(`select to_regclass('public.scratch_notes') is not null as exists`);
    expect(rows).toEqual([{ exists: true }]);
  });

  it('that fails leaves no trace and names the file', async () => {
    const dir = await scratchFolder('bad', {
      '29990101000000_notes.sql': 'create table public.scratch_notes (id int primary key);',
      '29990102000000_broken.sql': 'create table public.half_done (id int);\nselect 1 / 0;\n',
    });
    await expect(migrate(db, dir)).rejects.toThrow(/29990102000000_broken\.sql failed: division by zero/);
    const { rows } = await db.query(
      `select to_regclass('public.half_done') as tbl,
              exists (select 1 from supabase_migrations.schema_migrations where version = '29990102000000') as recorded`,
    );
    expect(rows).toEqual([{ tbl: null, recorded: false }]);
  });

  it('that is edited after it was applied is reported, not re-run', async () => {
    const dir = await scratchFolder('edited', { '29990101000000_notes.sql': 'create table public.scratch_notes (id int primary key);' });
    const file = join(dir, '29990103000000_edited.sql');
    await writeFile(file, 'create table public.edited_once (id int);');
    expect(await migrate(db, dir)).toEqual(['29990103000000']);
    await writeFile(file, 'create table public.edited_once (id int, name text);');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await migrate(db, dir)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('29990103000000_edited.sql changed after it was applied'));
    } finally {
      warn.mockRestore();
    }
  });

  it('must be named <version>_<name>.sql', async () => {
    const dir = join(scratch, 'misnamed');
    await mkdir(dir);
    await writeFile(join(dir, 'add-things.sql'), 'select 1;');
    await expect(listMigrations(dir)).rejects.toThrow('Migration file name must be <version>_<name>.sql: add-things.sql');
  });
});

describe('a database migrated with files the folder does not have', () => {
  // The ledger of a local database made before the migrations were squashed into one per domain.
  const BEFORE_THE_SQUASH = [
    ['20261122000100', 'profiles'],
    ['20261122000200', 'visa_applications'],
    ['20261122000300', 'public_forms'],
    ['20261122000400', 'admin_users'],
    ['20261123000100', 'newsletter_rpc_only'],
    ['20261123000200', 'submission_limit_without_email'],
    ['20261123000300', 'admin_dashboard'],
    ['20261123000400', 'form_spam_and_retries'],
  ];

  // The ledger of a local database made before the migrations were cut again by domain, each
  // function defined once: the domain files of the squash and the changes appended to them.
  const BEFORE_THE_RECUT = [
    ['20261122000100', 'profiles_and_roles'],
    ['20261122000200', 'visa_applications'],
    ['20261122000300', 'public_forms'],
    ['20261122000400', 'admin'],
    ['20261122000500', 'follow_up'],
    ['20261122000600', 'documents'],
    ['20261122000700', 'submission_queue'],
    ['20261125000100', 'email_one_address'],
    ['20261125000200', 'document_refusals'],
    ['20261125000210', 'refusal_codes'],
    ['20261125000300', 'consultancy_time'],
    ['20261125000310', 'booking_confirmations_per_day'],
    ['20261125000320', 'booking_refusal_codes'],
    ['20261125000400', 'queue_functions'],
    ['20261125000420', 'newsletter_double_opt_in'],
    ['20261125000500', 'document_checklists'],
    ['20261125000510', 'admin_overview_leads'],
  ];

  // The ledger of a local database made before the bookings were gathered into the files of their
  // domains (the files after the admin overview were then named after the work that added them).
  const BEFORE_THE_BOOKINGS_RECUT = [
    ...['profiles_and_roles', 'consultancy_time', 'visa_applications', 'public_forms'].map((name, i) => [`20261122000${i + 1}00`, name]),
    ['20261122000450', 'job_queue'],
    ['20261122000500', 'notifications'],
    ['20261122000600', 'application_timeline'],
    ['20261122000700', 'lead_handling'],
    ['20261122000800', 'newsletter'],
    ['20261122000900', 'documents'],
    ['20261122000910', 'document_reviews_and_requests'],
    ['20261122000920', 'document_staff_actions'],
    ['20261122000930', 'document_removals'],
    ['20261122001000', 'admin_overview'],
    ['20261128000100', 'site_rebuild'],
    ['20261128001330', 'cms_sign_in'],
    ['20261128002000', 'admin_workspace'],
    ['20261128003000', 'appointment_slots'],
    ['20261128004000', 'booking_changes'],
    ['20261128004100', 'booking_reminders'],
  ];

  /** Replaces the ledger with `rows` while `run` runs, then puts the real one back. */
  async function withLedger(rows: string[][], run: () => Promise<void>): Promise<void> {
    const { rows: saved } = await db.query<{ version: string; name: string; checksum: string }>(
      'select version, name, checksum from supabase_migrations.schema_migrations',
    );
    const replace = async (ledger: { version: string; name: string; checksum: string | null }[]) => {
      await db.query('delete from supabase_migrations.schema_migrations');
      for (const { version, name, checksum } of ledger) {
        await db.query('insert into supabase_migrations.schema_migrations (version, name, checksum) values ($1, $2, $3)', [
          version,
          name,
          checksum,
        ]);
      }
    };
    // A version the real ledger has keeps its checksum, so only what the test changes differs.
    const checksumOf = (version: string) => saved.find((row) => row.version === version)?.checksum ?? null;
    await replace(rows.map(([version, name]) => ({ version: version!, name: name!, checksum: checksumOf(version!) })));
    try {
      await run();
    } finally {
      await replace(saved);
    }
  }

  it('is refused before anything is applied, naming the files and npm run db:reset', async () => {
    const dir = await scratchFolder('after-squash', { '29990104000000_pending.sql': 'create table public.pending_one (id int);' });
    await withLedger(BEFORE_THE_SQUASH, async () => {
      const attempt = migrate(db, dir);
      await expect(attempt).rejects.toThrow(/^This database was migrated with 20261122000100_profiles\.sql, 20261122000200_visa_applications\.sql, .*20261122000400_admin_users\.sql, 20261123000100_newsletter_rpc_only\.sql, .*20261123000400_form_spam_and_retries\.sql, which .* does not have/);
      await expect(attempt).rejects.toThrow('run `npm run db:reset` to rebuild the local database');
    });
    const { rows } = await db.query(`select to_regclass('public.pending_one') as tbl`);
    expect(rows).toEqual([{ tbl: null }]);
  });

  // Its first file keeps its name and version (only its checksum differs, which alone is a
  // warning): the sixteen others are what refuses it.
  it('made before the re-cut by domain is refused before anything is applied, naming the files and npm run db:reset', async () => {
    const dir = await scratchFolder('after-recut', { '29990105000000_pending.sql': 'create table public.pending_two (id int);' });
    await withLedger(BEFORE_THE_RECUT, async () => {
      const attempt = migrate(db, dir);
      await expect(attempt).rejects.toThrow(
        /^This database was migrated with 20261122000200_visa_applications\.sql, 20261122000300_public_forms\.sql, 20261122000400_admin\.sql, 20261122000500_follow_up\.sql, .*20261125000510_admin_overview_leads\.sql, which .* does not have/,
      );
      await expect(attempt).rejects.toThrow('run `npm run db:reset` to rebuild the local database');
    });
    const { rows } = await db.query(`select to_regclass('public.pending_two') as tbl`);
    expect(rows).toEqual([{ tbl: null }]);
  });

  it('made before the bookings were gathered by domain is refused before anything is applied, naming the four files gone', async () => {
    const dir = await scratchFolder('after-bookings-recut', { '29990106000000_pending.sql': 'create table public.pending_three (id int);' });
    await withLedger(BEFORE_THE_BOOKINGS_RECUT, async () => {
      await expect(migrate(db, dir)).rejects.toThrow(
        /^This database was migrated with 20261128002000_admin_workspace\.sql, 20261128003000_appointment_slots\.sql, 20261128004000_booking_changes\.sql, 20261128004100_booking_reminders\.sql, which .* does not have/,
      );
    });
    const { rows } = await db.query(`select to_regclass('public.pending_three') as tbl`);
    expect(rows).toEqual([{ tbl: null }]);
  });

  it('is refused when one recorded file was renamed, and accepted when the ledger matches the folder', async () => {
    const files = (await listMigrations()).map(({ version, name }) => [version, name]);
    const renamed = files.map(([version, name], i) => [version!, i === files.length - 1 ? `${name}_old` : name!]);
    await withLedger(renamed, async () => {
      await expect(migrate(db)).rejects.toThrow(`This database was migrated with ${renamed.at(-1)!.join('_')}.sql, which`);
    });
    await withLedger(files as string[][], async () => {
      expect(await migrate(db)).toEqual([]);
    });
  });
});
