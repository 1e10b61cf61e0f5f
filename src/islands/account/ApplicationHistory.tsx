// One application's timeline on /profile, as its applicant sees it: when it was submitted and each
// change of its status since, oldest first. Internal notes are staff-only and never shown here.
import type { OwnStatusChange } from '../../lib/auth/actions.ts';
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '../../lib/domain.ts';

const label = (status: string) => APPLICATION_STATUS_LABELS[status as ApplicationStatus] ?? status;
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** The status changes of one application (named `name` to screen readers), in a disclosure that starts closed. */
export default function ApplicationHistory({ name, changes }: { name: string; changes: OwnStatusChange[] }) {
  if (changes.length === 0) return null;
  return (
    <details className="application-history">
      <summary>
        History<span className="visually-hidden"> of your {name}</span>
      </summary>
      <ol>
        {changes.map((change) => (
          <li key={change.id}>
            <time dateTime={change.changed_at}>{dateFormat.format(new Date(change.changed_at))}</time>:{' '}
            {change.from_status ? `${label(change.from_status)} → ${label(change.to_status)}` : label(change.to_status)}
          </li>
        ))}
      </ol>
    </details>
  );
}
