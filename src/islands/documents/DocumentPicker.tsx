// Where a visitor chooses documents: a "Choose files" button (a real file input, so the keyboard
// and every assistive technology work as with any file field) inside an area that also takes
// files dropped on it.
import { useId, useState, type DragEvent } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_LIMITS } from '../../lib/documents/rules.ts';
import './documents.css';

interface Props {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** The file input and drop area; hands every chosen or dropped file to `onFiles`. */
export default function DocumentPicker({ onFiles, disabled = false }: Props) {
  const rulesId = useId();
  const [over, setOver] = useState(false);
  const dragging = (event: DragEvent<HTMLDivElement>, entering: boolean) => {
    event.preventDefault();
    if (!disabled) setOver(entering);
  };

  return (
    <div
      className={`document-picker${over ? ' document-picker--over' : ''}`}
      onDragEnter={(event) => dragging(event, true)}
      onDragOver={(event) => dragging(event, true)}
      onDragLeave={(event) => dragging(event, false)}
      onDrop={(event) => {
        dragging(event, false);
        if (!disabled && event.dataTransfer.files.length > 0) onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <p className="document-picker__drop">Drag and drop files here, or</p>
      <label className="document-picker__button">
        Choose files
        <input
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          className="visually-hidden"
          disabled={disabled}
          aria-describedby={rulesId}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Emptied so that choosing the same file again (after removing it) fires a change.
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>
      <p className="field__hint" id={rulesId}>
        {DOCUMENT_LIMITS}
      </p>
    </div>
  );
}
