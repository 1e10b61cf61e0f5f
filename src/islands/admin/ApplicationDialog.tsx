// One visa application in full, with its status control, its documents item by item (with staff's
// verdicts and the request for what is missing), its timeline and a form for notes.
// Saving goes through the table's update grant (status only) and the admins' row-level security
// policy; the applicant sees the new status, and the change in their timeline, on their profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, isOneOf, type ApplicationStatus } from '../../../common/domain.ts';
import { setApplicationStatus } from '../../lib/admin/staff-actions.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import Dialog from '../ui/Dialog.tsx';
import StaffDocumentChecklist from './StaffDocumentChecklist.tsx';
import ApplicationNotes from './ApplicationNotes.tsx';
import ApplicationTimeline from './ApplicationTimeline.tsx';
import { formatDateTime, type Row } from '../../lib/admin/lists.ts';
import { unwrap } from './query-result.ts';
import { useToast } from './Toasts.tsx';

const STATUS_FAILED = 'Failed to change the status. Please try again.';

/** Every field of the application, labelled as the visa form labels it. */
const FIELDS: [string, string, ((value: unknown) => string)?][] = [
  ['name', 'Full name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['dob', 'Date of birth'],
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

export default function ApplicationDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [status, setStatus] = useState<ApplicationStatus>('submitted');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (row && isOneOf(APPLICATION_STATUSES, row.status)) setStatus(row.status);
    setFailed(false);
  }, [row]);

  const save = useMutation({
    mutationFn: (next: ApplicationStatus) => unwrap(setApplicationStatus(getSupabase(), row!.id, next)),
    onSuccess: (_data, next) => {
      notify(`Status of ${String(row!.name)}’s application changed to ${APPLICATION_STATUS_LABELS[next]}.`);
      void queryClient.invalidateQueries({ queryKey: ['list', 'applications'] });
      void queryClient.invalidateQueries({ queryKey: ['timeline', row!.id] });
      void queryClient.invalidateQueries({ queryKey: ['overview'] });
      void queryClient.invalidateQueries({ queryKey: ['documents', row!.id] });
      // The change may have queued the applicant's email.
      void queryClient.invalidateQueries({ queryKey: ['notifications', 'visa_applications'] });
      onClose();
    },
    onError: () => setFailed(true),
  });

  return (
    <Dialog
      open={row !== null}
      title={row ? `Application of ${String(row.name)}` : 'Application'}
      onClose={onClose}
      describedByBody={false}
      actions={
        <button type="button" className="admin-button" onClick={onClose}>
          Close
        </button>
      }
    >
      {row && (
        <div className="application-details">
          <dl>
            {FIELDS.map(([key, label, format]) => (
              <div key={key}>
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
          <StaffDocumentChecklist key={row.id} applicationId={row.id} visaType={String(row.visa_type)} status={String(row.status)} />
          <ApplicationTimeline applicationId={row.id} />
          <ApplicationNotes key={row.id} applicationId={row.id} />
        </div>
      )}
    </Dialog>
  );
}
