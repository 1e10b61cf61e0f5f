// The confirmation before anything is deleted: an alertdialog that names exactly what goes.
import Dialog from '../ui/Dialog.tsx';
import type { ListConfig, Row } from '../../lib/admin/lists.ts';

interface Props {
  list: ListConfig;
  row: Row | null;
  busy: boolean;
  onConfirm: (row: Row) => void;
  onCancel: () => void;
}

export default function ConfirmDelete({ list, row, busy, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      open={row !== null}
      role="alertdialog"
      title={`Delete this ${list.noun}?`}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="admin-button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="admin-button admin-button--danger" disabled={busy} onClick={() => row && onConfirm(row)}>
            {busy ? 'Deleting...' : `Delete ${list.noun}`}
          </button>
        </>
      }
    >
      <p>{row ? list.describeDelete(row) : ''}</p>
    </Dialog>
  );
}
