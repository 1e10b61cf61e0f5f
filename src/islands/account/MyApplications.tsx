// The user's own visa applications on /profile: type, date submitted, where it stands (a labelled
// badge), its documents (added to while it is open) and its history of status changes.
import { APPLICATIONS_FAILED, listOwnApplications, type OwnApplication } from '../../lib/auth/actions.ts';
import { applicationStatusTone } from '../../lib/badges.ts';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '../../lib/domain.ts';
import { lazy, Suspense } from 'react';
import { useFetch } from '../hooks/use-fetch.ts';
import Badge from '../ui/Badge.tsx';
import FailedLoad from '../ui/FailedLoad.tsx';
import ApplicationHistory from './ApplicationHistory.tsx';

// The documents part (picker, checks, previews) loads only once there is an application to show
// it for, so /profile costs a signed-out visitor, or one with no application, nothing more.
const ApplicationDocuments = lazy(() => import('../documents/ApplicationDocuments.tsx'));

const NO_APPLICATIONS = 'You have not applied for a visa yet.';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** How an application is named in its history, and (worded apart, so each names one thing) in its documents' heading. */
const titleOf = (row: OwnApplication) => `${row.visa_type}, submitted ${dateFormat.format(new Date(row.submitted_at))}`;
const documentsTitleOf = (row: OwnApplication) => `${row.visa_type} of ${dateFormat.format(new Date(row.submitted_at))}`;

export default function MyApplications({ userId }: { userId: string }) {
  const applications = useFetch(`applications of ${userId}`, () => listOwnApplications(userId));
  const result = applications.status === 'ready' ? applications.data : undefined;
  const rows = result?.ok ? result.data : undefined;
  // listOwnApplications answers failures with a message to show; a loader that threw has none.
  const failure = applications.status === 'failed' ? APPLICATIONS_FAILED : result && !result.ok ? result.error.message : undefined;

  return (
    <section aria-labelledby="my-applications-title" className="profile__section">
      <h2 id="my-applications-title">Your visa applications</h2>
      {applications.status === 'loading' && <p role="status">Loading your applications…</p>}
      {failure && <FailedLoad message={failure} retry={applications.retry} />}
      {rows && rows.length === 0 && (
        <p>
          {NO_APPLICATIONS} <a href="/visa-form">Apply for a visa</a>
        </p>
      )}
      {rows && rows.length > 0 && (
        <>
          <div className="profile__table">
            <table>
              <caption className="visually-hidden">Your visa applications</caption>
              <thead>
                <tr>
                  <th scope="col">Visa type</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.visa_type}</td>
                    <td>
                      <time dateTime={row.submitted_at}>{dateFormat.format(new Date(row.submitted_at))}</time>
                    </td>
                    <td>
                      <Badge tone={applicationStatusTone(row.status)}>{APPLICATION_STATUS_LABELS[row.status as ApplicationStatus] ?? row.status}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>Documents of your applications</h3>
          <Suspense fallback={<p role="status">Loading documents…</p>}>
            {rows.map((row) => (
              <ApplicationDocuments key={row.id} userId={userId} applicationId={row.id} status={row.status} title={documentsTitleOf(row)} />
            ))}
          </Suspense>
          <h3>History of your applications</h3>
          {rows.map((row) => (
            <ApplicationHistory key={row.id} title={titleOf(row)} changes={row.changes} />
          ))}
        </>
      )}
    </section>
  );
}
