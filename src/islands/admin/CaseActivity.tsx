// A case's own entries of the activity record (public.case_activity): who opened which document,
// changed the status, gave a verdict or asked for documents, newest first. Staff working the case
// (advisers too) read them here; the record as a whole is the admins' (docs/product-decisions.md).
import { useQuery } from '@tanstack/react-query';
import { activityDetailText, activityKindLabel, fetchCaseActivity } from '../../lib/admin/activity.ts';
import { formatDateTime } from '../../lib/admin/lists.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import { unwrap } from './query-result.ts';

export default function CaseActivity({ applicationId }: { applicationId: string }) {
  const entries = useQuery({ queryKey: ['case-activity', applicationId], queryFn: () => unwrap(fetchCaseActivity(getSupabase(), applicationId)) });
  const headingId = `case-activity-${applicationId}`;
  return (
    <section className="case-activity" aria-labelledby={headingId}>
      <h3 id={headingId}>Activity record</h3>
      {entries.isPending && <p role="status">Loading the activity record...</p>}
      {entries.isError && <FailedLoad look="admin" message="Failed to load the activity record." retry={() => void entries.refetch()} />}
      {entries.data?.length === 0 && <p>Nothing recorded yet.</p>}
      {entries.data && entries.data.length > 0 && (
        <ol>
          {entries.data.map((entry) => {
            const detail = activityDetailText(entry.kind, entry.detail);
            return (
              <li key={entry.id}>
                <p className="case-activity__meta">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>, {entry.actorEmail ?? 'System'} ({entry.actorRole})
                </p>
                <p>
                  {activityKindLabel(entry.kind)}
                  {detail ? `: ${detail}` : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
