// The chosen files of one application, and one polite live region that says what just happened to
// them (checked, refused and why, sent, failed), since a list item's own text appears with it and
// would not be announced.
import DocumentItem from './DocumentItem.tsx';
import type { QueuedDocument } from './use-document-queue.ts';

interface Props {
  items: QueuedDocument[];
  announcement: string;
  onRemove: (key: string) => void;
  onRetry?: (() => void) | undefined;
  /** What the list is called for screen readers ("Files to send with your application"). */
  label: string;
}

/** The list of chosen files with its announcements. */
export default function DocumentList({ items, announcement, onRemove, onRetry, label }: Props) {
  return (
    <>
      {items.length > 0 && (
        <ul className="document-list" aria-label={label}>
          {items.map((item) => (
            <DocumentItem key={item.key} item={item} onRemove={() => onRemove(item.key)} onRetry={onRetry} />
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
