// One visa application as a case, at its own address (/admin?application=<id>): its reference and
// full id, every field, its status control, its documents item by item (with staff's verdicts and
// the request for what is missing), its timeline, a form for notes and its entries of the activity
// record. Opened from the list, from a link a colleague sent, or by reload: the row is read by its
// id each time.
// Saving goes through the table's update grant (status only) and staff's row-level security
// policy; the applicant sees the new status, and the change in their timeline, on their profile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, isOneOf, type ApplicationStatus } from '../../../common/domain.ts';
import { applicationReference } from '../../../common/application-reference.ts';
import { formatConsultancyDate } from '../../../common/consultancy-time.ts';
import { setApplicationStatus } from '../../lib/admin/staff-actions.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import StaffDocumentChecklist from './StaffDocumentChecklist.tsx';
import ApplicationNotes from './ApplicationNotes.tsx';
import ApplicationTimeline from './ApplicationTimeline.tsx';
import CaseActivity from './CaseActivity.tsx';
import { APPLICATIONS, formatDateTime, type Row } from '../../lib/admin/lists.ts';
import { unwrap } from './query-result.ts';
import { fetchRow } from '../../lib/admin/list-queries.ts';
import { useToast } from './Toasts.tsx';
import { onWorkspaceLink, reachedWithinPage, workspaceHref } from './workspace-address.ts';
import './admin-case.css';

const STATUS_FAILED = 'Failed to change the status. Please try again.';
const NOT_FOUND = 'No application has this address: it may have been deleted.';

/** Every field of the application, labelled as the visa form labels it. */
const FIELDS: [string, string, ((value: unknown) => string)?][] = [
  ['reference', 'Reference', (value) => applicationReference(String(value ?? ''))],
  ['id', 'Full id'],
  ['name', 'Full name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['dob', 'Date of birth', (value) => (typeof value === 'string' ? formatConsultancyDate(value) : '')],
  ['nationality', 'Nationality'],
  ['passport_number', 'Passport number'],
  ['marital_status', 'Marital status'],
  ['address', 'Address'],
  ['visa_type', 'Visa type'],
  ['message', 'Message', (value) => (value ? String(value) : 'None')],
  ['submitted_at', 'Submitted', formatDateTime],
  ['updated_at', 'Last updated', formatDateTime],
  ['user_id', 'Applicant account', (value) => (value ? 'Registered user' : 'Account deleted')],
];

/** The case of the application `id`, with a link back to the list it came from. */
export default function ApplicationCase({ id }: { id: string }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (reachedWithinPage()) heading.current?.focus({ preventScroll: true });
  }, []);
  const row = useQuery({ queryKey: ['application', id], queryFn: () => unwrap(fetchRow(getSupabase(), APPLICATIONS, id)) });
  const back = workspaceHref({ part: 'applications', application: null }, window.location.search);
  const title = row.data ? `Application of ${String(row.data.name)}` : 'Application';
  useEffect(() => {
    document.title = `${title} | Admin dashboard`;
  }, [title]);
  return (
    <section className="admin-case" aria-labelledby={headingId}>
      <p className="admin-case__back">
        <a href={back} onClick={onWorkspaceLink}>
          ← Back to applications
        </a>
      </p>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {row.isPending && <p role="status">Loading the application...</p>}
      {row.isError && <FailedLoad look="admin" message="Failed to load the application." retry={() => void row.refetch()} />}
      {row.data === null && <p role="alert">{NOT_FOUND}</p>}
      {row.data && <CaseBody row={row.data} />}
    </section>
  );
}

function CaseBody({ row }: { row: Row }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  // A list row is untyped (lists.ts reads any table): the status is narrowed, never cast.
  const stored = isOneOf(APPLICATION_STATUSES, row.status) ? row.status : APPLICATION_STATUSES[0];
  const [status, setStatus] = useState<ApplicationStatus>(stored);
  const [failed, setFailed] = useState(false);
  useEffect(() => setStatus(stored), [stored]);

  const save = useMutation({
    mutationFn: (next: ApplicationStatus) => unwrap(setApplicationStatus(getSupabase(), row.id, next)),
    onSuccess: (_data, next) => {
      setFailed(false);
      notify(`Status of ${String(row.name)}’s application changed to ${APPLICATION_STATUS_LABELS[next]}.`);
      for (const key of [['application', row.id], ['list', 'applications'], ['timeline', row.id], ['case-activity', row.id], ['overview'], ['documents', row.id], ['notifications', 'visa_applications']]) {
        // The change may have queued the applicant's email, and moves the overview's counts.
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    onError: () => setFailed(true),
  });

  return (
    <div className="application-details">
      <dl>
        {FIELDS.map(([key, label, format]) => (
          <div key={key} data-field={key}>
            <dt>{label}</dt>
            <dd>{format ? format(row[key]) : String(row[key] ?? '')}</dd>
          </div>
        ))}
      </dl>
      <form
        className="application-status"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(status);
        }}
      >
        <div className="field">
          <label htmlFor="application-status">Status</label>
          <select id="application-status" value={status} onChange={(e) => isOneOf(APPLICATION_STATUSES, e.target.value) && setStatus(e.target.value)}>
            {APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {APPLICATION_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={save.isPending || status === row.status}>
          {save.isPending ? 'Saving...' : 'Save status'}
        </button>
      </form>
      <p role="alert" className="admin-dialog-error">
        {failed ? STATUS_FAILED : ''}
      </p>
      <div className="admin-case__columns">
        <StaffDocumentChecklist key={row.id} applicationId={row.id} visaType={String(row.visa_type)} status={String(row.status)} />
        <div>
          <ApplicationTimeline applicationId={row.id} />
          <ApplicationNotes key={row.id} applicationId={row.id} />
          <CaseActivity applicationId={row.id} />
        </div>
      </div>
    </div>
  );
}
