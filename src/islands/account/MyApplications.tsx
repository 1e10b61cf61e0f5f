// The user's own visa applications on /profile: type, date submitted and where it stands.
import { useEffect, useState } from 'react';
import { listOwnApplications, type OwnApplication } from '../../lib/auth/actions.ts';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '../../lib/domain.ts';

const NO_APPLICATIONS = 'You have not applied for a visa yet.';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; rows: OwnApplication[] };

export default function MyApplications({ userId }: { userId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    void listOwnApplications(userId).then((result) => {
      if (!current) return;
      setLoaded(result.ok ? { status: 'ready', rows: result.data } : { status: 'error', message: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [userId, attempt]);

  return (
    <section aria-labelledby="my-applications-title" className="profile__section">
      <h2 id="my-applications-title">Your visa applications</h2>
      {loaded.status === 'loading' && <p role="status">Loading your applications…</p>}
      {loaded.status === 'error' && (
        <div>
          <p role="alert" className="form-message form-message--error">
            {loaded.message}
          </p>
          <button type="button" className="form-submit" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {loaded.status === 'ready' && loaded.rows.length === 0 && (
        <p>
          {NO_APPLICATIONS} <a href="/visa-form">Apply for a visa</a>
        </p>
      )}
      {loaded.status === 'ready' && loaded.rows.length > 0 && (
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
              {loaded.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.visa_type}</td>
                  <td>
                    <time dateTime={row.submitted_at}>{dateFormat.format(new Date(row.submitted_at))}</time>
                  </td>
                  <td>{APPLICATION_STATUS_LABELS[row.status as ApplicationStatus] ?? row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
