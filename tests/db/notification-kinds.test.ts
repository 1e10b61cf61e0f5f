// Where SQL repeats TypeScript: each kind of notification's subject table is written in the
// migrations (private.notification_subject, which a CHECK on public.notifications applies) and in
// the sender (SUBJECT_TABLES, which types each template against its row). This holds the two equal,
// kind by kind, for every label of the enum public.notification_kind.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_TABLES } from '../../supabase/functions/send-notifications/emails/subjects.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db?.close();
});

describe('the subject table of each kind of notification', () => {
  it('is the same in the database and in the sender', async () => {
    const { rows } = await db.query<{ kind: string; subject: string }>(
      `select kind::text as kind, private.notification_subject(kind)::text as subject
       from unnest(enum_range(null::public.notification_kind)) as kind`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.subject]))).toEqual(SUBJECT_TABLES);
  });

  it('is enforced on every queued row', async () => {
    const wrong = db.query(
      `insert into public.notifications (kind, subject_table, subject_id, dedupe_key)
       values ('staff_new_booking', 'visa_applications', gen_random_uuid(), 'kinds-test')`,
    );
    await expect(wrong).rejects.toMatchObject({ code: '23514', constraint: 'notifications_subject_of_kind' });
  });
});
