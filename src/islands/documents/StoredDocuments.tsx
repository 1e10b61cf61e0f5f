// The documents an application already has, as its applicant sees them on /profile: name, size and
// type, and, while the application is open, a Remove button for each.
import { documentTypeLabel, formatBytes } from '../../lib/documents/rules.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import './documents.css';

interface Props {
  documents: StoredDocument[];
  /** Removes one; absent when the application is decided (the list is read-only then). */
  onRemove?: ((document: StoredDocument) => void) | undefined;
  /** The document being removed, whose button is disabled meanwhile. */
  removing?: string | undefined;
}

/** The stored documents of one application. */
export default function StoredDocuments({ documents, onRemove, removing }: Props) {
  if (documents.length === 0) return <p>No documents yet.</p>;
  return (
    <ul className="stored-documents">
      {documents.map((document) => (
        <li key={document.path}>
          <span className="stored-documents__name">{document.name}</span>
          <span className="stored-documents__meta">
            {formatBytes(document.size)}, {documentTypeLabel(document.type)}
          </span>
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
