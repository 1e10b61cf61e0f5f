// A booking's status in the admin list, and what staff may do next from it: confirm or decline a
// request, move or cancel a booking that holds its place, each with an optional note the visitor
// reads in their email (public.change_booking). The status replaces "mark handled" for bookings:
// a staff change marks the booking handled, a visitor's change makes it new again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CONSULTANCY_TIME_ZONE_NAME, consultancyToday } from '../../../../common/domain.ts';
import { formatConsultancyDate } from '../../../../common/consultancy-time.ts';
import {
  NOTE_MAX,
  STAFF_CHANGES,
  STAFF_STATUS_LABELS,
  bookingStatusTone,
  changeBooking,
  describeBookingEvent,
  fetchBookingHistory,
  staffChangesFor,
  type StaffChange,
} from '../../../lib/appointments/staff-bookings.ts';
import type { BookingStatus } from '../../../lib/appointments/booking-link.ts';
import type { Failure } from '../../../lib/result.ts';
import { getSupabase } from '../../../lib/supabase-loader.ts';
import Badge from '../../ui/Badge.tsx';
import Dialog from '../../ui/Dialog.tsx';
import { formatDateTime, type Row } from '../../../lib/admin/lists.ts';
import { unwrap } from '../query-result.ts';
import { useToast } from '../Toasts.tsx';
import './bookings.css';

interface Props {
  row: Row;
  /** How the booking is named to screen readers and in the toast ("booking of Zainab Bello"). */
  name: string;
}

/** The queries a change makes stale. */
export const BOOKING_QUERIES = [['list', 'bookings'], ['overview'], ['agenda'], ['notifications', 'bookings'], ['booking-history']] as const;

export default function BookingActions({ row, name }: Props) {
  const [change, setChange] = useState<StaffChange | null>(null);
  const status = String(row.status) as BookingStatus;
  return (
    <div className="booking-actions">
      <Badge tone={bookingStatusTone(status)}>{STAFF_STATUS_LABELS[status] ?? status}</Badge>
      {staffChangesFor(status).map((each) => (
        <button key={each} type="button" className="admin-button admin-button--small" onClick={() => setChange(each)}>
          {STAFF_CHANGES[each].button}
          <span className="visually-hidden"> {name}</span>
        </button>
      ))}
      {change && <ChangeDialog row={row} name={name} change={change} onClose={() => setChange(null)} />}
    </div>
  );
}

function ChangeDialog({ row, name, change, onClose }: { row: Row; name: string; change: StaffChange; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const ids = { note: useId(), date: useId(), time: useId() };
  const [note, setNote] = useState('');
  const [date, setDate] = useState(String(row.date ?? ''));
  const [time, setTime] = useState(String(row.time ?? '').slice(0, 5));
  const [failure, setFailure] = useState<Failure | null>(null);
  const apply = useMutation({
    mutationFn: () => changeBooking(getSupabase(), row.id, change, { date, time, note }),
    onSuccess: (result) => {
      if (!result.ok) {
        setFailure(result.error);
        if (result.error.message.startsWith('This booking changed meanwhile')) void queryClient.invalidateQueries({ queryKey: ['list', 'bookings'] });
        return;
      }
      notify(`The ${name} is ${STAFF_CHANGES[change].done}; the visitor is emailed.`);
      for (const key of BOOKING_QUERIES) void queryClient.invalidateQueries({ queryKey: [...key] });
      onClose();
    },
    onError: () => setFailure({ kind: 'unexpected', message: 'Failed to change the booking. Please try again.' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    apply.mutate();
  };
  const fieldError = (field: string) => failure?.fieldErrors?.[field];
  const formId = useId();
  return (
    <Dialog
      open
      title={STAFF_CHANGES[change].title}
      onClose={onClose}
      actions={
        <button type="submit" form={formId} className="admin-button admin-button--primary" disabled={apply.isPending}>
          {apply.isPending ? 'Saving...' : STAFF_CHANGES[change].button}
        </button>
      }
    >
      <form id={formId} className="booking-change" noValidate onSubmit={submit}>
        <p>
          {String(row.full_name)}, {formatConsultancyDate(String(row.date))} at {String(row.time).slice(0, 5)} ({CONSULTANCY_TIME_ZONE_NAME}).
        </p>
        {change === 'moved' && (
          <div className="booking-change__row">
            <div className="field">
              <label htmlFor={ids.date}>New date</label>
              <input id={ids.date} type="date" min={consultancyToday()} required value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={fieldError('date') ? true : undefined} aria-describedby={fieldError('date') ? `${ids.date}-error` : undefined} />
              {fieldError('date') && <p className="field__error" id={`${ids.date}-error`}>{fieldError('date')}</p>}
            </div>
            <div className="field">
              <label htmlFor={ids.time}>New time (Lagos)</label>
              <input id={ids.time} type="time" required value={time} onChange={(e) => setTime(e.target.value)} aria-invalid={fieldError('time') ? true : undefined} aria-describedby={fieldError('time') ? `${ids.time}-error` : undefined} />
              {fieldError('time') && <p className="field__error" id={`${ids.time}-error`}>{fieldError('time')}</p>}
            </div>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.note}>A note to the visitor (optional)</label>
          <textarea id={ids.note} rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <History bookingId={row.id} />
        <p role="alert" className="booking-change__alert">
          {failure && !failure.fieldErrors ? failure.message : ''}
        </p>
      </form>
    </Dialog>
  );
}

/** What happened to the booking so far, oldest first (public.booking_events). */
function History({ bookingId }: { bookingId: string }) {
  const history = useQuery({ queryKey: ['booking-history', bookingId], queryFn: () => unwrap(fetchBookingHistory(getSupabase(), bookingId)) });
  if (history.isError) return <p>Failed to load the booking's history.</p>;
  if (!history.data || history.data.length === 0) return null;
  return (
    <details className="booking-change__history">
      <summary>History ({history.data.length})</summary>
      <ol>
        {history.data.map((event) => (
          <li key={event.id}>
            {formatDateTime(event.created_at)}: {describeBookingEvent(event)}
          </li>
        ))}
      </ol>
    </details>
  );
}
