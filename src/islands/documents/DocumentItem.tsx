// One chosen file in the list: preview (images), name and size, where it stands (a progress bar
// while it uploads), the reason when it was refused or failed, and its buttons. The reason is tied
// to the Remove and Try again buttons, so a screen reader reads it with them. Remove comes first:
// Try again goes once clicked, and a double click must not land on a button that took its place.
import { useId } from 'react';
import { hasPreview } from '../../lib/documents/check.ts';
import { formatBytes } from '../../lib/document-rules.ts';
import FilePreview from './FilePreview.tsx';
import type { QueuedDocument } from './use-document-queue.ts';
import './documents.css';

interface Props {
  item: QueuedDocument;
  onRemove: () => void;
  /** Sends the failed file again; absent where another action sends (none is offered then). */
  onRetry?: (() => void) | undefined;
}

const STATUS_TEXT: Record<QueuedDocument['status'], string> = {
  refused: 'Not attached',
  waiting: 'Ready to send',
  uploading: 'Uploading',
  stored: 'Sent',
  failed: 'Not sent',
};

/** A chosen file with its state and actions. */
export default function DocumentItem({ item, onRemove, onRetry }: Props) {
  const errorId = useId();
  const name = item.file.name;
  const described = item.error ? errorId : undefined;
  return (
    <li className={`document-item document-item--${item.status}`}>
      {hasPreview(item.type) && item.status !== 'refused' ? (
        <FilePreview file={item.file} name={name} />
      ) : (
        <span className="document-item__thumb document-item__thumb--file" aria-hidden="true" />
      )}
      <div className="document-item__body">
        <p className="document-item__name">{name}</p>
        <p className="document-item__meta">
          {formatBytes(item.file.size)} · {STATUS_TEXT[item.status]}
        </p>
        {item.status === 'uploading' && (
          <progress className="document-item__progress" max={1} value={item.progress} aria-label={`Uploading ${name}`} />
        )}
        {item.error && (
          <p className="field__error" id={errorId}>
            {item.error}
          </p>
        )}
      </div>
      <div className="document-item__actions">
        {item.status !== 'stored' && (
          <button type="button" className="document-button" onClick={onRemove} aria-describedby={described} aria-label={`Remove ${name}`}>
            Remove
          </button>
        )}
        {item.status === 'failed' && onRetry && (
          <button
            type="button"
            className="document-button"
            onClick={onRetry}
            aria-describedby={described}
            aria-label={`Try again to send ${name}`}
          >
            Try again
          </button>
        )}
      </div>
    </li>
  );
}
