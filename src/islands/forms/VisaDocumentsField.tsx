// The visa form's documents: the chosen type's checklist item by item (from its content file,
// fetched once when the form hydrates: src/lib/documents/published-checklists.ts), each with an "Add"
// control, and Other documents. Files wait under their item and are sent with the application.
// Documents are optional at submission (an adviser asks for what is missing), so this part has no
// error of its own; each file carries its own.
import { checklistView } from '../../lib/documents/checklist-view.ts';
import { fetchChecklists } from '../../lib/documents/published-checklists.ts';
import { isOneOf, VISA_TYPES, visaTypeSlug } from '../../../common/domain.ts';
import DocumentChecklist from '../documents/DocumentChecklist.tsx';
import type { useDocumentQueue } from '../documents/use-document-queue.ts';
import { useFetch } from '../hooks/use-fetch.ts';

interface Props {
  visaType: string;
  queue: ReturnType<typeof useDocumentQueue>;
  /** Sends the failed files again (the form's submit, which knows the stored application). */
  onRetry: () => void;
  busy: boolean;
}

/** The documents part of the visa form. */
export default function VisaDocumentsField({ visaType, queue, onRetry, busy }: Props) {
  const checklists = useFetch('visa-checklists', fetchChecklists);
  const checklist = checklists.result?.ok && isOneOf(VISA_TYPES, visaType) ? checklists.result.data[visaType] : undefined;
  return (
    <fieldset className="form__documents">
      <legend>Documents (optional)</legend>
      {!visaType ? (
        <p className="field__hint">Choose a visa type to see the documents it needs.</p>
      ) : !checklists.result ? null : (
        <>
          {checklist ? (
            <p className="field__hint">For a {visaType}, attach each document under its name:</p>
          ) : (
            // The list did not arrive: the visa's own page has it, as static HTML.
            <p className="field__hint">
              See the documents a {visaType} needs on <a href={`/visa/${visaTypeSlug(visaType)}#visa-documents`}>its page</a>.
            </p>
          )}
          <p className="field__hint">Missing one? Apply anyway: you can add documents later from your profile.</p>
          <DocumentChecklist
            view={checklistView(checklist, [])}
            queued={queue.items}
            announcement={queue.announcement}
            onFiles={(files, itemKey) => void queue.add(files, itemKey)}
            onRemoveQueued={queue.remove}
            onRetry={busy ? undefined : onRetry}
            busy={busy}
            showState={false}
          />
        </>
      )}
    </fieldset>
  );
}
