// The documents of an application in its case, against its visa's checklist: "n of m required",
// then each item with its state (provided, missing, needs replacing and why) and its files (name,
// type and size; opened through a short-lived signed URL, use-document-opener.ts; accepted or
// marked as needing replacement, DocumentReview), Other documents, and, while the application is
// submitted or in review, the request for what is missing (RequestDocuments). Files are listed by
// the application's id (the admins' select policy lets them read every document, also those of
// an applicant whose account was deleted).
import { useQuery } from '@tanstack/react-query';
import { itemStateTone } from '../../lib/badges.ts';
import { checklistView, ITEM_STATE_LABELS, OPTIONAL_MARK, replacementReason, verdictLabel } from '../../lib/documents/checklist-view.ts';
import { documentOpening, type DocumentOpening } from '../../lib/documents/open.ts';
import { documentTypeLabel, formatBytes, OPEN_FOR_DOCUMENTS, OTHER_ITEM_LABEL } from '../../lib/document-rules.ts';
import { listDocuments, type StoredDocument } from '../../lib/documents/stored.ts';
import { isOneOf, VISA_TYPES } from '../../../common/domain.ts';
import Badge from '../ui/Badge.tsx';
import FailedLoad from '../ui/FailedLoad.tsx';
import DocumentPreview from './DocumentPreview.tsx';
import DocumentReview from './DocumentReview.tsx';
import { requiredProgressText, useChecklists } from './DocumentProgress.tsx';
import RequestDocuments from './RequestDocuments.tsx';
import { unwrap } from './query-result.ts';
import { useDocumentOpener } from './use-document-opener.ts';

/** The button's verb for each way a document opens. */
const ACTIONS: Record<DocumentOpening, string> = { preview: 'Preview', tab: 'Open', download: 'Download' };

interface Props {
  applicationId: string;
  visaType: string;
  status: string;
}

/** The documents of the application `applicationId`, item by item, with what staff can do about them. */
export default function StaffDocumentChecklist({ applicationId, visaType, status }: Props) {
  const headingId = `documents-${applicationId}`;
  return (
    <section className="application-documents" aria-labelledby={headingId}>
      <h3 id={headingId}>Documents</h3>
      <DocumentChecklist applicationId={applicationId} visaType={visaType} status={status} />
    </section>
  );
}

function DocumentChecklist({ applicationId, visaType, status }: Props) {
  const open = (OPEN_FOR_DOCUMENTS as readonly string[]).includes(status);
  const checklists = useChecklists();
  const documents = useQuery({
    queryKey: ['documents', applicationId],
    queryFn: () => unwrap(listDocuments(applicationId)),
  });
  const opener = useDocumentOpener();
  if (documents.isPending || checklists.isPending) return <p role="status">Loading the documents...</p>;
  if (documents.isError) return <FailedLoad look="admin" message="Failed to load the documents." retry={() => void documents.refetch()} />;
  // Without the checklist (it did not arrive), every file is listed under Other documents.
  const view = checklistView(isOneOf(VISA_TYPES, visaType) ? checklists.data?.[visaType] : undefined, documents.data);

  const files = (list: StoredDocument[], itemLabel: string) =>
    list.length > 0 && (
      <ul className="application-documents__list">
        {list.map((doc) => {
          const action = ACTIONS[documentOpening(doc.type)];
          return (
            <li key={doc.path}>
              <span className="application-documents__name">{doc.name}</span>
              <span className="application-documents__meta">
                {documentTypeLabel(doc.type)}, {formatBytes(doc.size)}
              </span>
              {doc.verdict && <Badge tone={itemStateTone(doc.verdict === 'accepted' ? 'accepted' : 'needs_replacing')}>{verdictLabel(doc.verdict)}</Badge>}
              <span className="application-documents__actions">
                <button
                  type="button"
                  className="admin-button admin-button--small"
                  aria-label={`${action} ${doc.name}`}
                  aria-busy={opener.pending === doc.path}
                  onClick={(event) => void opener.open(doc, event.currentTarget)}
                >
                  {action}
                </button>
                {open && <DocumentReview applicationId={applicationId} document={doc} itemLabel={itemLabel} />}
              </span>
            </li>
          );
        })}
      </ul>
    );

  return (
    <>
      {view.required > 0 && <p className="application-documents__progress">{requiredProgressText(view.provided, view.required)}</p>}
      <ul className="admin-checklist">
        {view.items.map((item) => (
          <li key={item.key} className="admin-checklist__item">
            <p className="admin-checklist__head">
              <span className="admin-checklist__name">{item.name}</span>
              {item.optional && <span className="admin-checklist__optional"> {OPTIONAL_MARK}</span>}{' '}
              <Badge tone={itemStateTone(item.state)}>{ITEM_STATE_LABELS[item.state]}</Badge>
            </p>
            {item.reasons.map((reason) => (
              <p key={reason} className="admin-checklist__reason">
                {replacementReason(reason)}
              </p>
            ))}
            {files(item.files, item.name)}
          </li>
        ))}
        {view.other.length > 0 && (
          <li className="admin-checklist__item">
            <p className="admin-checklist__head">
              <span className="admin-checklist__name">{OTHER_ITEM_LABEL}</span>
            </p>
            {files(view.other, OTHER_ITEM_LABEL)}
          </li>
        )}
      </ul>
      {documents.data.length === 0 && view.items.length === 0 && <p role="status">No documents yet.</p>}
      <p role="status" className="visually-hidden">
        {opener.announcement}
      </p>
      <p role="alert" className="admin-dialog-error">
        {opener.failure}
      </p>
      {opener.preview && <DocumentPreview preview={opener.preview} onLoaded={opener.previewLoaded} onClose={opener.closePreview} />}
      {open && <RequestDocuments applicationId={applicationId} missing={view.items.filter((item) => item.state !== 'provided')} />}
    </>
  );
}
