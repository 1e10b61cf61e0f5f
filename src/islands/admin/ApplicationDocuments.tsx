// The documents of an application in its dialog: each file's name, type and size, listed by the
// application's id (the admins' select policy lets them read every document, also those of an
// applicant whose account was deleted), and a button that opens it through a short-lived signed
// URL (use-document-opener.ts says how).
import { useQuery } from '@tanstack/react-query';
import { documentOpening, type DocumentOpening } from '../../lib/documents/open.ts';
import { documentTypeLabel, formatBytes } from '../../lib/documents/rules.ts';
import { listDocuments } from '../../lib/documents/stored.ts';
import DocumentPreview from './DocumentPreview.tsx';
import FailedLoad from '../ui/FailedLoad.tsx';
import { useDocumentOpener } from './use-document-opener.ts';

/** The button's verb for each way a document opens. */
const ACTIONS: Record<DocumentOpening, string> = { preview: 'Preview', tab: 'Open', download: 'Download' };

/** The documents of the application `applicationId`, with a way to open each. */
export default function ApplicationDocuments({ applicationId }: { applicationId: string }) {
  const headingId = `documents-${applicationId}`;
  return (
    <section className="application-documents" aria-labelledby={headingId}>
      <h3 id={headingId}>Documents</h3>
      <DocumentList applicationId={applicationId} />
    </section>
  );
}

function DocumentList({ applicationId }: { applicationId: string }) {
  const documents = useQuery({
    queryKey: ['documents', applicationId],
    queryFn: async () => {
      const listed = await listDocuments(applicationId);
      // react-query holds the failure and the dialog offers Retry.
      if (!listed.ok) throw new Error(listed.error.message);
      return listed.data;
    },
  });
  const opener = useDocumentOpener();
  return (
    <>
      {documents.isPending && <p role="status">Loading the documents...</p>}
      {documents.isError && <FailedLoad look="admin" message="Failed to load the documents." retry={() => void documents.refetch()} />}
      {documents.data?.length === 0 && <p role="status">No documents yet.</p>}
      {documents.data && documents.data.length > 0 && (
        <ul className="application-documents__list">
          {documents.data.map((doc) => {
            const action = ACTIONS[documentOpening(doc.type)];
            return (
              <li key={doc.path}>
                <span className="application-documents__name">{doc.name}</span>
                <span className="application-documents__meta">
                  {documentTypeLabel(doc.type)}, {formatBytes(doc.size)}
                </span>
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  aria-label={`${action} ${doc.name}`}
                  aria-busy={opener.pending === doc.path}
                  onClick={(event) => void opener.open(doc, event.currentTarget)}
                >
                  {action}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="visually-hidden">
        {opener.announcement}
      </p>
      <p role="alert" className="admin-dialog-error">
        {opener.failure}
      </p>
      {opener.preview && <DocumentPreview preview={opener.preview} onLoaded={opener.previewLoaded} onClose={opener.closePreview} />}
    </>
  );
}
