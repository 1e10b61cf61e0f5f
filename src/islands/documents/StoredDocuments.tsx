// The files an item already has, as its applicant sees them: name, size and type, staff's verdict
// when there is one (and, beside a file to replace, staff's reason, whatever the item's state), an Open button, and, while the application is open, a Remove button for each.
import { itemStateTone } from '../../lib/badges.ts';
import { replacementReason, verdictLabel } from '../../lib/documents/checklist-view.ts';
import { documentTypeLabel, formatBytes } from '../../lib/document-rules.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import Badge from '../ui/Badge.tsx';
import OpenDocument from './OpenDocument.tsx';
import './documents.css';

interface Props {
  documents: StoredDocument[];
  /** What the list is called for screen readers ("Files of Passport bio page"). */
  label: string;
  /** Removes one; absent when the application is decided (the list is read-only then). */
  onRemove?: ((document: StoredDocument) => void) | undefined;
  /** The document being removed, whose button is disabled meanwhile. */
  removing?: string | undefined;
}

/** The stored files of one item. */
export default function StoredDocuments({ documents, label, onRemove, removing }: Props) {
  if (documents.length === 0) return null;
  return (
    <ul className="stored-documents" aria-label={label}>
      {documents.map((document) => (
        <li key={document.path}>
          <span className="stored-documents__name">{document.name}</span>
          <span className="stored-documents__meta">
            {formatBytes(document.size)}, {documentTypeLabel(document.type)}
          </span>
          {document.verdict && <Badge tone={itemStateTone(document.verdict === 'accepted' ? 'accepted' : 'needs_replacing')}>{verdictLabel(document.verdict)}</Badge>}
          {document.verdict === 'needs_replacing' && document.reason && <span className="stored-documents__reason">{replacementReason(document.reason)}</span>}
          <OpenDocument document={document} />
          {onRemove && (
            <button
              type="button"
              className="document-button"
              disabled={removing === document.path}
              aria-label={`Remove ${document.name}`}
              onClick={() => onRemove(document)}
            >
              Remove
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
