// The visa form's documents: the chosen type's checklist, the picker and the files chosen so far.
// Documents are optional at submission (an adviser asks for what is missing), so this part has
// no error of its own; each file carries its own.
import DocumentChecklist from '../documents/DocumentChecklist.tsx';
import DocumentList from '../documents/DocumentList.tsx';
import DocumentPicker from '../documents/DocumentPicker.tsx';
import type { useDocumentQueue } from '../documents/use-document-queue.ts';

interface Props {
  visaType: string;
  queue: ReturnType<typeof useDocumentQueue>;
  /** Sends the failed files again (the form's submit, which knows the stored application). */
  onRetry: () => void;
  busy: boolean;
}

/** The documents part of the visa form. */
export default function VisaDocumentsField({ visaType, queue, onRetry, busy }: Props) {
  return (
    <fieldset className="form__documents">
      <legend>Documents (optional)</legend>
      <DocumentChecklist type={visaType} />
      <p className="field__hint">Missing one? Apply anyway: you can add documents later from your profile.</p>
      <DocumentPicker onFiles={(files) => void queue.add(files)} disabled={busy} />
      <DocumentList
        items={queue.items}
        announcement={queue.announcement}
        onRemove={queue.remove}
        onRetry={busy ? undefined : onRetry}
        label="Files to send with your application"
      />
    </fieldset>
  );
}
