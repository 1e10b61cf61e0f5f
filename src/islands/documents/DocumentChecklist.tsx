// An application's checklist item by item, as its applicant works through it on /profile and on
// the visa form: each item's name (and whether it is optional), where it stands (on /profile:
// provided, missing, or needs replacing with staff's reason), its stored files with their Remove
// buttons, the files chosen for it on their way, and its "Add" control; then Other documents, for
// files that fit no item. One live region says what just happened to the chosen files.
import { useId } from 'react';
import { itemStateTone } from '../../lib/badges.ts';
import { ITEM_STATE_LABELS, OPTIONAL_MARK, REQUESTED_MARK, type ChecklistView } from '../../lib/documents/checklist-view.ts';
import { DOCUMENT_LIMITS, OTHER_ITEM_KEY, OTHER_ITEM_LABEL } from '../../lib/document-rules.ts';
import type { StoredDocument } from '../../lib/documents/stored.ts';
import Badge from '../ui/Badge.tsx';
import DocumentList from './DocumentList.tsx';
import DocumentPicker from './DocumentPicker.tsx';
import StoredDocuments from './StoredDocuments.tsx';
import type { QueuedDocument } from './use-document-queue.ts';
import './documents.css';

interface Props {
  view: ChecklistView<StoredDocument>;
  /** The chosen files on their way, each under its item. */
  queued: QueuedDocument[];
  /** What screen readers hear about the last change to the chosen files. */
  announcement: string;
  /** Adds chosen files to an item; absent once the application is decided (nothing is added then). */
  onFiles?: ((files: File[], itemKey: string) => void) | undefined;
  onRemoveQueued: (key: string) => void;
  /** Sends the failed files again; absent where another action sends. */
  onRetry?: (() => void) | undefined;
  onRemoveStored?: ((document: StoredDocument) => void) | undefined;
  /** The stored document being removed. */
  removing?: string | undefined;
  /** Whether chosen files are being sent (the Add controls wait meanwhile). */
  busy?: boolean;
  /** Whether each item shows where it stands: the profile's checklist, not the visa form's. */
  showState: boolean;
  /** Keys of the items staff asked for and that are still missing. */
  requested?: ReadonlySet<string>;
}

interface RowProps extends Omit<Props, 'view' | 'showState' | 'requested' | 'queued' | 'announcement'> {
  itemKey: string;
  /** The chosen files shown under this item. */
  queued: QueuedDocument[];
  name: string;
  optional?: boolean;
  files: StoredDocument[];
  state?: { label: string; tone: Parameters<typeof Badge>[0]['tone'] } | undefined;
  requested?: boolean;
  rulesId: string;
}

function ItemRow({ itemKey, name, optional, files, state, requested, queued, onFiles, onRemoveQueued, onRetry, onRemoveStored, removing, busy, rulesId }: RowProps) {
  const nameId = useId();
  return (
    <li className={`checklist-item${requested ? ' checklist-item--requested' : ''}`} aria-labelledby={nameId} data-item={itemKey}>
      <p className="checklist-item__head">
        <span id={nameId} className="checklist-item__name" tabIndex={-1}>
          {name}
        </span>
        {optional && <span className="checklist-item__optional"> {OPTIONAL_MARK}</span>}
        {state && <Badge tone={state.tone}>{state.label}</Badge>}
        {requested && <span className="checklist-item__requested">{REQUESTED_MARK}</span>}
      </p>
      <StoredDocuments documents={files} label={`Files of ${name}`} onRemove={onRemoveStored} removing={removing} />
      <DocumentList items={queued} onRemove={onRemoveQueued} onRetry={onRetry} label={`Files to add to ${name}`} />
      {onFiles && <DocumentPicker itemName={name} onFiles={(chosen) => onFiles(chosen, itemKey)} disabled={busy ?? false} describedBy={rulesId} />}
    </li>
  );
}

/** The checklist with its files and Add controls. */
export default function DocumentChecklist({ view, showState, requested, queued, announcement, ...rest }: Props) {
  const rulesId = useId();
  const keys = new Set(view.items.map((item) => item.key));
  // Files chosen for an item the checklist does not have (the visa type changed since) go with Other documents.
  const otherQueued = queued.filter((item) => !keys.has(item.item));
  return (
    <>
      {rest.onFiles && (
        <p className="field__hint" id={rulesId}>
          {DOCUMENT_LIMITS}
        </p>
      )}
      <ul className="document-checklist">
        {view.items.map((item) => (
          <ItemRow
            key={item.key}
            {...rest}
            queued={queued.filter((chosen) => chosen.item === item.key)}
            rulesId={rulesId}
            itemKey={item.key}
            name={item.name}
            optional={item.optional}
            files={item.files}
            state={showState ? { label: ITEM_STATE_LABELS[item.state], tone: itemStateTone(item.state) } : undefined}
            requested={requested?.has(item.key) ?? false}
          />
        ))}
        {(rest.onFiles || view.other.length > 0 || otherQueued.length > 0) && (
          <ItemRow key={OTHER_ITEM_KEY} {...rest} queued={otherQueued} rulesId={rulesId} itemKey={OTHER_ITEM_KEY} name={OTHER_ITEM_LABEL} files={view.other} />
        )}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
