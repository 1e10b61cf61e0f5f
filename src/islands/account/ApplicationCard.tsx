// One application as its applicant sees it, in one place: a region headed by its visa type and
// date, its status badge and one sentence on what happens next (and, once decided, the day its
// documents are removed, with the download before it), its checklist item by item (the
// documents it has, what is missing, staff's open request) and its history. Every place that shows
// an application to its applicant shows this card.
import { lazy, Suspense } from 'react';
import type { OwnApplication } from '../../lib/own-applications.ts';
import { applicationReference } from '../../../common/application-reference.ts';
import { applicationStatusTone } from '../../lib/badges.ts';
import { formatConsultancyDay } from '../../../common/consultancy-time.ts';
import type { ChecklistEntry } from '../../lib/content/visas.ts';
import { APPLICATION_STATUS_LABELS } from '../../../common/domain.ts';
import { APPLICATION_NEXT_STEPS } from '../../../common/next-steps.ts';
import { DATA_DOWNLOAD_ANCHOR, DATA_DOWNLOAD_LABEL, documentsRemovalText, documentsRemovedText } from '../../../common/document-retention.ts';
import Badge from '../ui/Badge.tsx';
import ApplicationHistory from './ApplicationHistory.tsx';

// The checklist (its checks, previews and uploads) loads only once there is an application to show
// it for, so /profile costs a signed-out visitor, or one with no application, nothing more.
const ApplicantDocumentChecklist = lazy(() => import('../documents/ApplicantDocumentChecklist.tsx'));

/** How an application is named: its card's heading (the day it was submitted in Lagos, as every date the consultancy gives). */
const applicationTitle = (application: Pick<OwnApplication, 'visa_type' | 'submitted_at'>) =>
  `${application.visa_type}, submitted ${formatConsultancyDay(application.submitted_at)}`;

interface Props {
  application: OwnApplication;
  userId: string;
  /** The visa's checklist; undefined while or when it could not be read. */
  checklist: ChecklistEntry[] | undefined;
}

/** The card of one application. */
export default function ApplicationCard({ application, userId, checklist }: Props) {
  const id = `application-${application.id}`;
  const status = application.status;
  return (
    <section className="application-card" aria-labelledby={id}>
      <header className="application-card__header">
        <h3 id={id}>{applicationTitle(application)}</h3>
        <Badge tone={applicationStatusTone(status)}>{APPLICATION_STATUS_LABELS[status]}</Badge>
      </header>
      <p className="application-card__reference">
        Reference <strong>{applicationReference(application.id)}</strong>: quote it when you contact us.
      </p>
      {APPLICATION_NEXT_STEPS[status] && <p className="application-card__next">{APPLICATION_NEXT_STEPS[status]}</p>}
      {application.retention && (
        <p className="application-card__retention">
          {application.retention.removed_at ? (
            documentsRemovedText(application.retention.removed_at)
          ) : (
            <>
              {documentsRemovalText(application.retention.removes_at)} <a href={`#${DATA_DOWNLOAD_ANCHOR}`}>{DATA_DOWNLOAD_LABEL}</a>.
            </>
          )}
        </p>
      )}
      <section className="application-card__documents" aria-labelledby={`${id}-documents`}>
        <h4 id={`${id}-documents`}>Documents</h4>
        <Suspense fallback={<p role="status">Loading documents…</p>}>
          <ApplicantDocumentChecklist userId={userId} applicationId={application.id} status={status} checklist={checklist} requests={application.requests} />
        </Suspense>
      </section>
      <ApplicationHistory application={application} headingId={`${id}-history`} />
    </section>
  );
}
