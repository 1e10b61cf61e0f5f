// A booking's status in the admin list, and what staff may do next from it: confirm or decline a
// request, move or cancel a booking that holds its place, each with an optional note the visitor
// reads in their email (public.change_booking). Each change is a form on the project's form hook
// and field components; a move picks from the open times (the slot picker), a cancellation says
// who asked for it. The status replaces "mark handled" for bookings:
// a staff change marks the booking handled, a visitor's change makes it new again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { consultancyToday } from '../../../../common/domain.ts';
import { LAGOS_TIME, formatBookingWhen } from '../../../../common/consultancy-time.ts';
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
import { BOOKING_CHANGE_INITIAL, CANCEL_ASKERS, CANCEL_ASKER_LABELS, bookingCancelSchema, bookingMoveSchema, bookingNoteSchema } from '../../../lib/forms/booking-change.ts';
import { getSupabase } from '../../../lib/supabase-loader.ts';
import Badge from '../../ui/Badge.tsx';
import Dialog from '../../ui/Dialog.tsx';
import { RadioGroup, TextArea, TextField } from '../../ui/Field.tsx';
import FormMessage from '../../ui/FormMessage.tsx';
import { useForm } from '../../hooks/use-form.ts';
import SlotPicker from '../../appointments/SlotPicker.tsx';
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

/** The form a change asks for: a note always, the new date and time of a move, who asked for a cancellation. */
function changeSchema(change: StaffChange) {
  if (change === 'moved') return bookingMoveSchema;
  if (change === 'cancelled') return bookingCancelSchema;
  return bookingNoteSchema;
}

export function ChangeDialog({ row, name, change, onClose }: { row: Row; name: string; change: StaffChange; onClose: () => void }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const formId = useId();
  const form = useForm({
    schema: changeSchema(change) as typeof bookingMoveSchema,
    initial: { ...BOOKING_CHANGE_INITIAL, date: change === 'moved' ? String(row.date ?? '') : '' },
    resetOnSuccess: false,
    submit: async (values: { date?: string; time?: string; note?: string; asked_by?: string }) => {
      const result = await changeBooking(getSupabase(), row.id, change, {
        ...(values.date ? { date: values.date } : {}),
        ...(values.time ? { time: values.time } : {}),
        ...(values.note ? { note: values.note } : {}),
        visitorAsked: values.asked_by === 'visitor',
      });
      if (result.ok) {
        notify(`The ${name} is ${STAFF_CHANGES[change].done}; the visitor is emailed.`);
        for (const key of BOOKING_QUERIES) void queryClient.invalidateQueries({ queryKey: [...key] });
        onClose();
      } else {
        // Refused (changed meanwhile, a slot filled): the list shows the booking as it now is.
        void queryClient.invalidateQueries({ queryKey: ['list', 'bookings'] });
      }
      return result;
    },
  });
  const { setValue } = form;
  const clearTime = useCallback(() => setValue('time', ''), [setValue]);
  return (
    <Dialog
      open
      title={STAFF_CHANGES[change].title}
      onClose={onClose}
      actions={
        <>
          <button type="submit" form={formId} className={`admin-button ${change === 'cancelled' || change === 'declined' ? 'admin-button--danger' : 'admin-button--primary'}`} disabled={form.submitting}>
            {form.submitting ? 'Saving...' : STAFF_CHANGES[change].act}
          </button>
          <button type="button" className="admin-button" onClick={onClose}>
            {change === 'cancelled' ? 'Keep booking' : 'Close'}
          </button>
        </>
      }
    >
      <form id={formId} ref={form.formRef} className="booking-change" noValidate onSubmit={(event) => void form.onSubmit(event)}>
        <p>
          {String(row.full_name)}, {formatBookingWhen(String(row.date), String(row.time), 'medium')} ({LAGOS_TIME}).
        </p>
        {change === 'moved' && (
          <>
            <TextField label="New date" type="date" min={consultancyToday()} field={form.fieldProps('date')} error={form.errors.date} />
            <SlotPicker label="New time" date={form.values.date} field={form.fieldProps('time')} error={form.errors.time} clear={clearTime} refresh={form.errors.time} />
          </>
        )}
        {change === 'cancelled' && (
          <RadioGroup
            label="Who asked for the cancellation? (The visitor's email says so.)"
            field={form.fieldProps('asked_by')}
            error={form.errors.asked_by}
            options={CANCEL_ASKERS.map((value) => ({ value, label: CANCEL_ASKER_LABELS[value] }))}
          />
        )}
        <TextArea label="A note to the visitor (optional)" rows={3} maxLength={NOTE_MAX} field={form.fieldProps('note')} error={form.errors.note} />
        <History bookingId={row.id} />
        <FormMessage status={form.status} message={form.message} />
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
