// The "Add" control of one checklist item: a real file input (so the keyboard and every assistive
// technology work as with any file field) labelled with the item's name ("Add Passport bio page"),
// drawn as a button, which also takes files dropped on it.
import { useState, type DragEvent } from 'react';
import { DOCUMENT_ACCEPT } from '../../lib/document-rules.ts';
import './documents.css';

interface Props {
  /** The item's name, read with the button's "Add". */
  itemName: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** The id of the rules' hint (types, sizes, limits), read with the input. */
  describedBy?: string | undefined;
}

/** The file input of one item; hands every chosen or dropped file to `onFiles`. */
export default function DocumentPicker({ itemName, onFiles, disabled = false, describedBy }: Props) {
  const [over, setOver] = useState(false);
  const dragging = (event: DragEvent<HTMLLabelElement>, entering: boolean) => {
    event.preventDefault();
    if (!disabled) setOver(entering);
  };

  return (
    <label
      className={`document-picker__button${over ? ' document-picker__button--over' : ''}${disabled ? ' document-picker__button--disabled' : ''}`}
      onDragEnter={(event) => dragging(event, true)}
      onDragOver={(event) => dragging(event, true)}
      onDragLeave={(event) => dragging(event, false)}
      onDrop={(event) => {
        dragging(event, false);
        if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      Add<span className="visually-hidden"> {itemName}</span>
      <input
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        className="visually-hidden"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Emptied so that choosing the same file again (after removing it) fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </label>
  );
}
