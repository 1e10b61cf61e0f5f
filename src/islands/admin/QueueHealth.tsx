// Whether the emails and the removal of deleted applications' files are moving, beside the
// overview's counts (the same public.admin_overview answer, shared through its query). There is no
// process to watch, only the queues the database's calls to the Edge Functions drain: failed
// emails (each row shows its reason and Retry), and what waits with the time the oldest of it was
// queued, which more than a few minutes ago means the calls fail (docs/deploy.md, Checking).
import { useQuery } from '@tanstack/react-query';
import { fetchOverview } from '../../lib/admin/overview.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { formatDateTime } from '../../lib/admin/lists.ts';
import type { CountKey } from '../../lib/admin/overview.ts';
import { unwrap } from './query-result.ts';

/** Each queue's count, and the time its oldest waiting row was queued. */
const QUEUES: { key: CountKey; label: string; since?: 'oldest_email_waiting_since' | 'oldest_removal_waiting_since' }[] = [
  { key: 'emails_failed', label: 'Failed emails' },
  { key: 'emails_waiting', label: 'Emails waiting', since: 'oldest_email_waiting_since' },
  { key: 'removals_waiting', label: 'Files to remove', since: 'oldest_removal_waiting_since' },
];

const count = new Intl.NumberFormat('en-GB');

/** The queues' counts; shown once the overview has loaded (its section says when it failed). */
export default function QueueHealth() {
  const { data } = useQuery({ queryKey: ['overview'], queryFn: () => unwrap(fetchOverview(getSupabase())) });
  if (!data) return null;
  return (
    <section className="admin-overview" aria-labelledby="admin-queues-title">
      <h2 id="admin-queues-title">Emails and files</h2>
      <ul className="admin-overview__counts admin-overview__queues">
        {QUEUES.map(({ key, label, since }) => {
          const oldest = since ? data[since] : null;
          return (
            <li key={key}>
              <span className="admin-overview__count">{count.format(data[key])}</span>
              <span className="admin-overview__label">{label}</span>
              {oldest && (
                <span className="admin-overview__since">
                  oldest queued <time dateTime={oldest}>{formatDateTime(oldest)}</time>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
