// The user's own visa applications on /profile, one card each (ApplicationCard: status, what
// happens next, checklist and history), newest first. `after` (the account's rights) shows below
// them once they have settled, so their arrival never pushes it down the page.
import type { ReactNode } from 'react';
import { listOwnApplications } from '../../lib/own-applications.ts';
import { fetchChecklists } from '../../lib/documents/published-checklists.ts';
import { useFetch } from '../hooks/use-fetch.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import ApplicationCard from './ApplicationCard.tsx';

const NO_APPLICATIONS = 'You have not applied for a visa yet.';

export default function MyApplications({ userId, after }: { userId: string; after?: ReactNode }) {
  const applications = useFetch(`applications of ${userId}`, () => listOwnApplications(userId));
  // Every visa's checklist, read once for all the cards; without it, files show under Other documents.
  const checklists = useFetch('visa-checklists', fetchChecklists);
  const { result } = applications;
  const rows = result?.ok ? result.data : undefined;
  const failure = result?.ok === false ? result.error.message : undefined;
  const checklistsRead = checklists.result !== undefined;

  const settled = failure !== undefined || (rows !== undefined && (rows.length === 0 || checklistsRead));

  return (
    <>
    <section aria-labelledby="my-applications-title" className="profile__section">
      <h2 id="my-applications-title">Your visa applications</h2>
      {(!result || (rows && rows.length > 0 && !checklistsRead)) && <p role="status">Loading your applications…</p>}
      {failure && <FailedLoad message={failure} retry={applications.retry} />}
      {rows && rows.length === 0 && (
        <p>
          {NO_APPLICATIONS} <a href="/visa-form">Apply for a visa</a>
        </p>
      )}
      {rows && rows.length > 0 && checklistsRead && (
        <div className="application-cards">
          {rows.map((row) => (
            <ApplicationCard
              key={row.id}
              application={row}
              userId={userId}
              checklist={checklists.result?.ok ? checklists.result.data[row.visa_type] : undefined}
            />
          ))}
        </div>
      )}
    </section>
    {settled && after}
    </>
  );
}
