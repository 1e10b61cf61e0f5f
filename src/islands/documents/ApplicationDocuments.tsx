// One application's documents on /profile: the stored ones, and, while the application is submitted
// or in review, the picker to add a missing one (the same checks and progress as the visa form) and
// a Remove button on each. A decided application shows its documents read-only.
import { useEffect, useMemo, useRef, useState } from 'react';
import { OPEN_FOR_DOCUMENTS, DOCUMENT_MESSAGES } from '../../lib/documents/rules.ts';
import { DOCUMENTS_LIST_FAILED, listDocuments, removeDocument, type StoredDocument } from '../../lib/documents/stored.ts';
import { useFetch } from '../hooks/use-fetch.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import DocumentList from './DocumentList.tsx';
import DocumentPicker from './DocumentPicker.tsx';
import StoredDocuments from './StoredDocuments.tsx';
import { useDocumentQueue } from './use-document-queue.ts';

interface Props {
  userId: string;
  applicationId: string;
  status: string;
  /** The application as its applicant reads it ("Tourist Visa of 3 March 2026"). */
  title: string;
}

/** The documents of one of the applicant's applications. */
export default function ApplicationDocuments({ userId, applicationId, status, title }: Props) {
  const open = (OPEN_FOR_DOCUMENTS as readonly string[]).includes(status);
  const fetched = useFetch(`documents of ${applicationId}`, () => listDocuments(applicationId));
  const result = fetched.status === 'ready' ? fetched.data : undefined;
  // The last list read stays on screen while it is read again (after an upload or a removal).
  const [documents, setDocuments] = useState<StoredDocument[]>();
  useEffect(() => {
    if (result?.ok) setDocuments(result.data);
  }, [result]);
  const failure = fetched.status === 'failed' ? DOCUMENTS_LIST_FAILED : result && !result.ok ? result.error.message : undefined;
  const attached = useMemo(() => documents?.map((document) => document.name) ?? [], [documents]);
  const queue = useDocumentQueue(attached);
  const [sending, setSending] = useState(false);
  const [removing, setRemoving] = useState<string>();
  const [message, setMessage] = useState('');
  // Why the last removal was refused (the application decided meanwhile, say), shown at the list.
  const [removeError, setRemoveError] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `documents-${applicationId}`;

  const sendFiles = async () => {
    setSending(true);
    const allSent = await queue.send({ userId, applicationId });
    // The stored ones join the list of stored documents, read again from Storage.
    queue.dropStored();
    fetched.retry();
    setSending(false);
    // The Send button goes with the last file: focus returns to the start of these documents.
    if (allSent) heading.current?.focus();
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
      // Its button is gone: focus goes back to the start of this application's documents.
      heading.current?.focus();
    }
  };

  return (
    <section className="application-documents" aria-labelledby={headingId}>
      <h4 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {!documents && fetched.status === 'loading' && <p role="status">Loading documents…</p>}
      {failure && <FailedLoad message={failure} retry={fetched.retry} />}
      {documents && (
        <StoredDocuments documents={documents} onRemove={open ? (document) => void remove(document) : undefined} removing={removing} />
      )}
      {removeError && (
        <p role="alert" className="field__error">
          {removeError}
        </p>
      )}
      <p role="status" className="visually-hidden">
        {message}
      </p>
      {open ? (
        documents && (
          <>
            <DocumentPicker onFiles={(files) => void queue.add(files)} disabled={sending} />
            <DocumentList
              items={queue.items}
              announcement={queue.announcement}
              onRemove={queue.remove}
              onRetry={sending ? undefined : () => void sendFiles()}
              label={`Files to add to ${title}`}
            />
            {(queue.hasUnsent || sending) && (
              <button type="button" className="form-submit" disabled={sending} onClick={() => void sendFiles()}>
                {sending ? 'Sending...' : 'Send files'}
              </button>
            )}
          </>
        )
      ) : (
        <p className="field__hint">{DOCUMENT_MESSAGES.decided}</p>
      )}
    </section>
  );
}
