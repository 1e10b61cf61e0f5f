// The chosen files of one item, each with its state, progress and actions. What just happened to
// them (checked, refused and why, sent, failed) is said by one polite live region of the whole
// checklist (DocumentChecklist), since a list item's own text appears with it and would not be
// announced.
import DocumentItem from './DocumentItem.tsx';
import type { QueuedDocument } from './use-document-queue.ts';

interface Props {
  items: QueuedDocument[];
  onRemove: (key: string) => void;
  onRetry?: (() => void) | undefined;
  /** What the list is called for screen readers ("Files to add to Passport bio page"). */
  label: string;
}

/** The list of chosen files. */
export default function DocumentList({ items, onRemove, onRetry, label }: Props) {
  if (items.length === 0) return null;
  return (
    <ul className="document-list" aria-label={label}>
      {items.map((item) => (
        <DocumentItem key={item.key} item={item} onRemove={() => onRemove(item.key)} onRetry={onRetry} />
      ))}
    </ul>
  );
}
