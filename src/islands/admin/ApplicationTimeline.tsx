// An application's timeline in its dialog: every status change (from, to, when, by whom) and the
// internal notes, in the order they happened.
import { useQuery } from '@tanstack/react-query';
import { fetchTimeline, type TimelineEntry } from '../../lib/follow-up.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { statusChangeText } from '../../lib/domain.ts';
import { formatDateTime } from './lists.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import { useNames } from './use-names.ts';

/** The status changes and notes of the application `applicationId`. */
export default function ApplicationTimeline({ applicationId }: { applicationId: string }) {
  const timeline = useQuery({ queryKey: ['timeline', applicationId], queryFn: () => fetchTimeline(getSupabase(), applicationId) });
  const names = useNames(timeline.data?.map((entry) => entry.by) ?? []);
  const author = (entry: TimelineEntry) => (entry.by ? ` by ${names.data?.[entry.by] ?? '…'}` : '');
  return (
    <section className="application-timeline" aria-labelledby={`timeline-${applicationId}`}>
      <h3 id={`timeline-${applicationId}`}>Timeline</h3>
      {timeline.isPending && <p role="status">Loading the timeline...</p>}
      {timeline.isError && <FailedLoad look="admin" message="Failed to load the timeline." retry={() => void timeline.refetch()} />}
      {timeline.data && (
        <ol>
          {timeline.data.map((entry) => (
            <li key={entry.id} className={`application-timeline__${entry.type}`}>
              <p className="application-timeline__meta">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.type === 'status' ? '' : `, internal note${author(entry)}`}
              </p>
              {entry.type === 'status' ? (
                <p>
                  {statusChangeText(entry.from, entry.to)}
                  {author(entry)}
                </p>
              ) : (
                <p>{entry.body}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
