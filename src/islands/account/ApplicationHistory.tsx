// One application's history on its card, as its applicant sees it: when it was submitted, each
// change of its status since, each request of staff for missing documents (and when the last of
// them arrived) and each verdict on a document, oldest first, every time in Lagos time. What staff
// did reads "by the consultancy": staff's names stay inside it (docs/product-decisions.md).
// Internal notes are staff-only and never shown here.
import type { OwnApplication } from '../../lib/own-applications.ts';
import { documentsProvidedText, documentsRequestedText } from '../../lib/documents/requests.ts';
import { formatConsultancyTime } from '../../../common/consultancy-time.ts';
import { statusChangeText } from '../../../common/domain.ts';
import { BY_THE_CONSULTANCY, requestEntries, retentionText, verdictEntry, verdictText, type TimelineEntry } from '../../lib/timeline.ts';

/** How an entry reads to the applicant. */
function entryText(entry: TimelineEntry): string {
  const labels = (items: { label: string }[]) => items.map((item) => item.label);
  switch (entry.type) {
    case 'status':
      return statusChangeText(entry.from, entry.to);
    case 'request':
      return `${documentsRequestedText(labels(entry.items))}${BY_THE_CONSULTANCY}`;
    case 'verdict':
      return `${verdictText(entry)}${BY_THE_CONSULTANCY}`;
    case 'provided':
      return documentsProvidedText(labels(entry.items));
    case 'retention':
      return retentionText(entry);
    case 'note':
      return '';
  }
}

/** The history of `application`, under the heading `headingId` names. */
export default function ApplicationHistory({ application, headingId }: { application: OwnApplication; headingId: string }) {
  const entries: TimelineEntry[] = [
    ...application.changes.map((change) => ({
      type: 'status' as const,
      id: change.id,
      at: change.changed_at,
      by: null,
      from: change.from_status,
      to: change.to_status,
    })),
    ...application.requests.flatMap(requestEntries),
    ...application.verdicts.map((row) => verdictEntry(row)),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return (
    <section className="application-history" aria-labelledby={headingId}>
      <h4 id={headingId}>History</h4>
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at}>{formatConsultancyTime(entry.at)}</time>: {entryText(entry)}
            {entry.type === 'request' && entry.note && <span className="application-history__note"> “{entry.note}”</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
