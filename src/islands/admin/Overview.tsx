// What is waiting for an answer, first on the dashboard: new applications, new messages, today's
// and upcoming bookings, applications waiting on their applicant (public.admin_overview), each a
// link to its list with the matching filter (the lists read their view from the URL,
// src/lib/admin/list-view.ts); then the leads of the last 12 weeks (LeadsChart).
import { useQuery } from '@tanstack/react-query';
import { fetchOverview, OVERVIEW_COUNTS } from '../../lib/admin/overview.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { ListConfig } from '../../lib/admin/lists.ts';
import LeadsChart from './LeadsChart.tsx';
import { defaultView, writeView } from '../../lib/admin/list-view.ts';
import { onWorkspaceLink, workspaceHref } from './workspace-address.ts';
import './admin-overview.css';
import { unwrap } from './query-result.ts';

const count = new Intl.NumberFormat('en-GB');

/** The address of `list`'s part, filtered by `filter`. */
function filteredHref(list: ListConfig, [key, value]: [string, string]): string {
  return workspaceHref({ part: list.id, application: null }, writeView(list, { ...defaultView(list), filters: { [key]: value } }, ''));
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
            {OVERVIEW_COUNTS.map(({ key, label, list, filter }) => (
              <li key={key}>
                <a href={filteredHref(list, filter)} onClick={onWorkspaceLink}>
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
