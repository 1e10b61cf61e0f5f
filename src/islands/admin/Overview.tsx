// What is waiting for an answer, first on the dashboard: new applications, new messages, today's
// and upcoming bookings, applications waiting on their applicant (public.admin_overview), each a
// link to its list with the matching filter (the lists read their view from the URL,
// src/lib/admin/list-view.ts); then the leads of the last 12 weeks (LeadsChart).
import { useQuery } from '@tanstack/react-query';
import { fetchOverview, type Overview as Counts } from '../../lib/admin/overview.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import { APPLICATIONS, BOOKINGS, CONTACT_MESSAGES, type ListConfig } from '../../lib/admin/lists.ts';
import LeadsChart from './LeadsChart.tsx';
import { defaultView, writeView } from '../../lib/admin/list-view.ts';
import { unwrap } from './query-result.ts';

/** The names of the overview's counts (beside them it has times). */
export type CountKey = { [K in keyof Counts]: Counts[K] extends number ? K : never }[keyof Counts];

/** Each count, what it counts, and the list and filter it opens. */
const COUNTS: { key: CountKey; label: string; list: ListConfig; filter: [string, string] }[] = [
  { key: 'new_applications', label: 'New applications', list: APPLICATIONS, filter: ['status', 'submitted'] },
  { key: 'new_messages', label: 'New messages', list: CONTACT_MESSAGES, filter: ['state', 'new'] },
  { key: 'bookings_today', label: 'Bookings today', list: BOOKINGS, filter: ['when', 'today'] },
  { key: 'bookings_upcoming', label: 'Upcoming bookings', list: BOOKINGS, filter: ['when', 'upcoming'] },
  { key: 'waiting_on_applicant', label: 'Waiting on the applicant', list: APPLICATIONS, filter: ['documents', 'waiting'] },
];

const count = new Intl.NumberFormat('en-GB');

/** The address of `list` filtered by `filter`, its section scrolled to. */
function filteredHref(list: ListConfig, [key, value]: [string, string]): string {
  return `/admin${writeView(list, { ...defaultView(list), filters: { [key]: value } }, '')}#${list.id}`;
}

/** The dashboard's "waiting for an answer" counts. */
export default function Overview() {
  const overview = useQuery({ queryKey: ['overview'], queryFn: () => unwrap(fetchOverview(getSupabase())) });
  return (
    <>
      <section className="admin-overview" aria-labelledby="admin-overview-title">
        <h2 id="admin-overview-title">Waiting for an answer</h2>
        {overview.isError ? (
          <div role="alert" className="admin-error">
            <p>Failed to load the counts.</p>
            <button type="button" className="admin-button" onClick={() => void overview.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <ul className="admin-overview__counts">
            {COUNTS.map(({ key, label, list, filter }) => (
              <li key={key}>
                <a href={filteredHref(list, filter)}>
                  <span className="admin-overview__count">{overview.data ? count.format(overview.data[key]) : '…'}</span>
                  <span className="admin-overview__label">{label}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <LeadsChart />
    </>
  );
}
