// The daily retention sweep (private.apply_retention, supabase/migrations/20261129000200_retention.sql)
// over the benchmark's 100,000 applications, for `npm run bench:api`: each is given a decision (nine
// in ten decided 200 days ago, past the documents' 180 days; the rest 10 days ago) and one document,
// beside the 100,000 bookings and contact messages the dashboard's figures load (their times spread
// over the past two years, so about a day's worth is past the 2 years). Then the sweep is timed as
// Cron runs it, twice: the first run, with every old case to sweep at once (the day the rule starts),
// and the next day's, with nothing left to do (every day after). All of it in one transaction that is
// rolled back: the cases after this one find the database as it was. Kept apart from api.bench.ts to
// ease merging.
import type { ScriptDb } from '../../../supabase/local/db/open.ts';

export interface RetentionSweepFigures {
  /** What the first run did, per rule (private.apply_retention's answer). */
  done: Record<string, number>;
  firstRunMs: number;
  nextDayMs: number;
}

/** Times the sweep over the applications already in `db` (imported as the benchmark imports them). */
export async function measureRetentionSweep(db: ScriptDb): Promise<RetentionSweepFigures> {
  let figures: RetentionSweepFigures | undefined;
  class RolledBack extends Error {}
  try {
    await db.transaction(async (tx) => {
      // As an import would (the triggers would queue an email per decision).
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.visa_applications set status = case when reference < '8' then 'approved' else 'rejected' end::public.application_status`);
      await tx.query(
        `insert into public.application_status_changes (application_id, from_status, to_status, changed_at)
         select a.id, 'in_review', a.status, now() - case when a.reference < 'e6' then interval '200 days' else interval '10 days' end
         from public.visa_applications a`,
      );
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner_id, metadata)
         select 'application-documents', coalesce(a.user_id::text, 'deleted') || '/' || a.id || '/passport/passport.pdf', a.user_id::text,
                '{"size": 250000, "mimetype": "application/pdf"}'
         from public.visa_applications a`,
      );
      await tx.query(`set local session_replication_role = origin`);
      await tx.query(`analyze public.visa_applications, public.application_status_changes, storage.objects`);

      let started = performance.now();
      const { rows } = await tx.query<{ done: Record<string, number> }>(`select private.apply_retention() as done`);
      const firstRunMs = Math.round(performance.now() - started);
      started = performance.now();
      await tx.query(`select private.apply_retention(now() + interval '1 day')`);
      figures = { done: rows[0]!.done, firstRunMs, nextDayMs: Math.round(performance.now() - started) };
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return figures!;
}
