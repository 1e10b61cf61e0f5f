// An application's timeline in its case: every status change (from, to, when, by whom), the
// internal notes, each request for missing documents (by whom, with its line) and the arrival of
// its last document, each verdict on a document (by whom) and the removal of its documents by the
// retention rule, in the order they happened.
import { useQuery } from '@tanstack/react-query';
import { fetchTimeline, retentionText, verdictText, type TimelineEntry } from '../../lib/timeline.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { documentsProvidedText, documentsRequestedText } from '../../lib/documents/requests.ts';
import { statusChangeText } from '../../../common/domain.ts';
import { formatDateTime } from '../../lib/admin/lists.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import { useNames } from './use-names.ts';
import { unwrap } from './query-result.ts';

/** What an entry says, and what its meta line adds after the time. */
function describe(entry: TimelineEntry, author: string): { meta: string; text: string; line?: string | undefined } {
  switch (entry.type) {
    case 'status':
      return { meta: '', text: `${statusChangeText(entry.from, entry.to)}${author}` };
    case 'note':
      return { meta: `, internal note${author}`, text: entry.body };
    case 'request':
      return { meta: '', text: `${documentsRequestedText(entry.items.map((item) => item.label))}${author}`, line: entry.note ?? undefined };
    case 'provided':
      return { meta: '', text: documentsProvidedText(entry.items.map((item) => item.label)) };
    case 'verdict':
      return { meta: '', text: `${verdictText(entry)}${author}` };
    case 'retention':
      return { meta: '', text: retentionText(entry) };
  }
}

/** The status changes, notes and document requests of the application `applicationId`. */
export default function ApplicationTimeline({ applicationId }: { applicationId: string }) {
  const timeline = useQuery({ queryKey: ['timeline', applicationId], queryFn: () => unwrap(fetchTimeline(getSupabase(), applicationId)) });
  const names = useNames(timeline.data?.map((entry) => entry.by) ?? []);
  const author = (entry: TimelineEntry) => (entry.by ? ` by ${names.data?.[entry.by] ?? '…'}` : '');
  return (
    <section className="application-timeline" aria-labelledby={`timeline-${applicationId}`}>
      <h3 id={`timeline-${applicationId}`}>Timeline</h3>
      {timeline.isPending && <p role="status">Loading the timeline...</p>}
      {timeline.isError && <FailedLoad look="admin" message="Failed to load the timeline." retry={() => void timeline.refetch()} />}
      {timeline.data && (
        <ol>
          {timeline.data.map((entry) => {
            const { meta, text, line } = describe(entry, author(entry));
            return (
              <li key={entry.id} className={`application-timeline__${entry.type}`}>
                <p className="application-timeline__meta">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {meta}
                </p>
                <p>{text}</p>
                {line && <p className="application-timeline__line">“{line}”</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
