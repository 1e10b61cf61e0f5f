// One application's timeline on /profile, as its applicant sees it: when it was submitted and each
// change of its status since, oldest first. Internal notes are staff-only and never shown here.
import type { OwnStatusChange } from '../../lib/auth/actions.ts';
import { statusChangeText } from '../../lib/domain.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

/** The status changes of one application (`title` names it), in a disclosure that starts closed. */
export default function ApplicationHistory({ title, changes }: { title: string; changes: OwnStatusChange[] }) {
  if (changes.length === 0) return null;
  return (
    <details className="application-history">
      <summary>{title}</summary>
      <ol>
        {changes.map((change) => (
          <li key={change.id}>
            <time dateTime={change.changed_at}>{dateFormat.format(new Date(change.changed_at))}</time>:{' '}
            {statusChangeText(change.from_status, change.to_status)}
          </li>
        ))}
      </ol>
    </details>
  );
}
