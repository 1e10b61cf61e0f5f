// One application's checklist on its applicant's card (/profile): the progress line ("3 of 7
// required documents provided"), staff's open request for what is missing, and each item with its
// files. While the application is submitted or in review, a file chosen for an item is checked and
// sent at once (the same checks and progress as the visa form), and each stored file has a Remove
// button; a decided application shows its documents read-only.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChecklistEntry } from '../../lib/content/visas.ts';
import { askedFor, checklistProgress, checklistView } from '../../lib/documents/checklist-view.ts';
import type { DocumentRequest } from '../../lib/documents/requests.ts';
import { DOCUMENT_MESSAGES, OPEN_FOR_DOCUMENTS } from '../../lib/document-rules.ts';
import { listDocuments, removeDocument, type StoredDocument } from '../../lib/documents/stored.ts';
import { useFetch } from '../hooks/use-fetch.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import DocumentChecklist from './DocumentChecklist.tsx';
import { useDocumentQueue } from './use-document-queue.ts';

interface Props {
  userId: string;
  applicationId: string;
  status: string;
  /** The visa's checklist; undefined when it did not arrive (every file then shows under Other documents). */
  checklist: ChecklistEntry[] | undefined;
  /** Staff's requests for missing documents of this application. */
  requests: DocumentRequest[];
}

/** The checklist of one of the applicant's applications. */
export default function ApplicantDocumentChecklist({ userId, applicationId, status, checklist, requests }: Props) {
  const open = (OPEN_FOR_DOCUMENTS as readonly string[]).includes(status);
  const fetched = useFetch(`documents of ${applicationId}`, () => listDocuments(applicationId));
  const { result } = fetched;
  // The last list read stays on screen while it is read again (after an upload or a removal).
  const [documents, setDocuments] = useState<StoredDocument[]>();
  useEffect(() => {
    if (result?.ok) setDocuments(result.data);
  }, [result]);
  const failure = result?.ok === false ? result.error.message : undefined;
  const attached = useMemo(() => documents?.map((document) => ({ item: document.item, name: document.name })) ?? [], [documents]);
  const queue = useDocumentQueue(attached);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<string>();
  const [message, setMessage] = useState('');
  // Why the last removal was refused (the application decided meanwhile, say), shown at the checklist.
  const [removeError, setRemoveError] = useState('');
  const list = useRef<HTMLDivElement>(null);

  const view = useMemo(() => checklistView(checklist, documents ?? []), [checklist, documents]);
  const missing = new Set(view.items.filter((item) => item.state !== 'provided').map((item) => item.key));
  // An open request shows until its items are here (the database settles it at the upload of the last).
  const asked = open ? requests.filter((request) => !request.fulfilled_at).flatMap((request) => request.items.filter((item) => missing.has(item.key))) : [];
  const askedKeys = new Set(asked.map((item) => item.key));
  const notes = open ? requests.filter((request) => !request.fulfilled_at && request.note && request.items.some((item) => askedKeys.has(item.key))) : [];

  const sendFiles = async () => {
    setSending(true);
    await queue.send({ userId, applicationId });
    // The stored ones join the item's stored files, read again from Storage.
    queue.dropStored();
    fetched.retry();
    setSending(false);
  };

  const add = async (files: File[], itemKey: string) => {
    await queue.add(files, itemKey);
    await sendFiles();
  };

  const remove = async (document: StoredDocument) => {
    setRemoving(document.path);
    const removed = await removeDocument(document.path);
    setRemoving(undefined);
    setMessage(removed.ok ? `${document.name} removed.` : '');
    setRemoveError(removed.ok ? '' : removed.error.message);
    if (removed.ok) {
      // Gone from the list at once; the list read again then confirms it.
      setDocuments((shown) => shown?.filter((shownDocument) => shownDocument.path !== document.path));
      fetched.retry();
      // Its button is gone: focus goes to the name of the item it was under.
      list.current?.querySelector<HTMLElement>(`[data-item="${document.item ?? ''}"] .checklist-item__name, [data-item="other"] .checklist-item__name`)?.focus();
    }
  };

  return (
    <div className="application-checklist" ref={list}>
      {!documents && !result && <p role="status">Loading documents…</p>}
      {failure && <FailedLoad message={failure} retry={fetched.retry} />}
      {documents && (
        <>
          {/* A status region: the count read out when an upload or a removal changes it. */}
          {view.required > 0 && (
            <p role="status" className="application-checklist__progress">
              {checklistProgress(view.provided, view.required)}
            </p>
          )}
          {asked.length > 0 && (
            <div className="application-checklist__request">
              <p>{askedFor(asked.map((item) => item.label))}</p>
              {notes.map((request) => (
                <p key={request.id} className="application-checklist__note">
                  “{request.note}”
                </p>
              ))}
            </div>
          )}
          <DocumentChecklist
            view={view}
            queued={queue.items}
            announcement={queue.announcement}
            onFiles={open ? (files, itemKey) => void add(files, itemKey) : undefined}
            onRemoveQueued={queue.remove}
            onRetry={sending ? undefined : () => void sendFiles()}
            onRemoveStored={open ? (document) => void remove(document) : undefined}
            removing={removing}
            busy={sending}
            showState
            requested={askedKeys}
          />
          {!open && <p className="field__hint">{DOCUMENT_MESSAGES.decided}</p>}
        </>
      )}
      {removeError && (
        <p role="alert" className="field__error">
          {removeError}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {message}
      </p>
    </div>
  );
}
