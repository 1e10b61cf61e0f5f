// The page of a booking's emailed link (/appointment#token=…): shows the booking, and lets the
// visitor cancel it or move it to another time. Opening it only reads the booking (a mail scanner
// that opens the link changes nothing); each change needs its button, and cancelling asks once
// more. The reschedule is a form like the booking form: the same hook, fields, rules and slot
// picker, and its refusals are known by their codes (booking-link.ts), said at their field.
import { useCallback, useEffect, useId, useState } from 'react';
import {
  BOOKING_STATUS_LABELS,
  LINK_TEXTS,
  cancelLinkedBooking,
  linkFormFailure,
  readLinkedBooking,
  rescheduleLinkedBooking,
  type LinkFailure,
  type LinkedBooking,
} from '../../lib/appointments/booking-link.ts';
import { CONSULTATION_MOVE_INITIAL, consultationMoveSchema } from '../../lib/forms/booking.ts';
import { consultancyToday } from '../../../common/domain.ts';
import { formatBookingWhenInLagos, formatConsultancyDate, formatSlotTimeInLagos } from '../../../common/consultancy-time.ts';
import { succeeded, type Result } from '../../lib/result.ts';
import { takeLinkToken } from '../../lib/link-token.ts';
import { useForm } from '../hooks/use-form.ts';
import SlotPicker from './SlotPicker.tsx';
import Dialog from '../ui/Dialog.tsx';
import { TextField } from '../ui/Field.tsx';
import FormMessage from '../ui/FormMessage.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import './manage-booking.css';

interface Props {
  url: string;
  anonKey: string;
}

type State = { phase: 'loading' } | { phase: 'shown'; booking: LinkedBooking } | { phase: 'refused'; message: string };

export default function ManageBooking({ url, anonKey }: Props) {
  const endpoint = { url, anonKey };
  // Known only in the browser: the link's token, and today in Lagos (the server would render the build day).
  const [token, setToken] = useState('');
  const [today, setToday] = useState<string>();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [done, setDone] = useState('');
  // A refusal that ends the link (expired, replaced, the booking over): said on the page, whose forms go.
  const [ended, setEnded] = useState('');
  const headingId = useId();

  useEffect(() => {
    const token = takeLinkToken();
    setToken(token);
    setToday(consultancyToday());
    if (!token) {
      setState({ phase: 'refused', message: LINK_TEXTS.invalid });
      return;
    }
    void readLinkedBooking(endpoint, token).then((result) =>
      setState(result.ok ? { phase: 'shown', booking: result.data } : { phase: 'refused', message: result.error.message }),
    );
    // The token and endpoint are fixed for the page's life: read once.
  }, []);

  /** After a change, or a refusal that ends the link: the page shows the booking as it now is, with nothing more to do. */
  const settle = (changes: Partial<LinkedBooking>, message = '') => {
    setState((current) => (current.phase === 'shown' ? { phase: 'shown', booking: { ...current.booking, ...changes, can_change: false } } : current));
    setDone(message);
  };
  const onFailure = (error: LinkFailure) => {
    if (!error.final) return;
    settle({});
    setEnded(error.message);
  };

  if (state.phase === 'loading') return <p role="status">Loading your booking…</p>;
  if (state.phase === 'refused')
    return (
      <p role="alert" className="manage-booking__alert">
        {state.message}
      </p>
    );
  const { booking } = state;
  return (
    <section className="manage-booking" aria-labelledby={headingId}>
      <h2 id={headingId}>Booking details</h2>
      <dl className="manage-booking__facts">
        <dt>Name</dt>
        <dd>{booking.full_name}</dd>
        <dt>Date</dt>
        <dd data-booking-date>{formatConsultancyDate(booking.date, 'weekday')}</dd>
        <dt>Time</dt>
        <dd data-booking-time>{formatSlotTimeInLagos(booking.time)}</dd>
        <dt>Status</dt>
        <dd data-booking-status>{BOOKING_STATUS_LABELS[booking.status]}</dd>
      </dl>
      <p role="status" className="manage-booking__done">
        {done}
      </p>
      <p role="alert" className="manage-booking__alert">
        {ended}
      </p>
      {booking.can_change && (
        <>
          <Reschedule
            today={today}
            move={async (date, time) => {
              const result = await rescheduleLinkedBooking(endpoint, token, date, time);
              if (!result.ok) {
                onFailure(result.error);
                return linkFormFailure(result.error);
              }
              settle(result.data, LINK_TEXTS.rescheduled);
              return succeeded();
            }}
          />
          <Cancel
            when={formatBookingWhenInLagos(booking.date, booking.time)}
            cancel={async () => {
              const result = await cancelLinkedBooking(endpoint, token);
              if (!result.ok) {
                onFailure(result.error);
                return result.error.message;
              }
              settle(result.data, LINK_TEXTS.cancelled);
              return '';
            }}
          />
        </>
      )}
    </section>
  );
}

/** The reschedule form: a new date, then one of its open times. */
function Reschedule({ today, move }: { today: string | undefined; move: (date: string, time: string) => Promise<Result> }) {
  const form = useForm({
    schema: consultationMoveSchema,
    initial: CONSULTATION_MOVE_INITIAL,
    submit: ({ date, time }) => move(date, time),
    // The page says what happened (its status line), and the form goes away with the link.
    resetOnSuccess: false,
  });
  const { setValue } = form;
  const clearTime = useCallback(() => setValue('time', ''), [setValue]);
  return (
    <form ref={form.formRef} className="manage-booking__form" noValidate onSubmit={(event) => void form.onSubmit(event)} aria-label="Reschedule">
      <h3>Reschedule</h3>
      <p>Choose another date and time. We will confirm the new time by email.</p>
      <TextField label="New date" type="date" min={today} field={form.fieldProps('date')} error={form.errors.date} />
      <SlotPicker label="New time" date={form.values.date} field={form.fieldProps('time')} error={form.errors.time} clear={clearTime} refresh={form.errors.time} />
      <SubmitButton label="Reschedule" busyLabel="Rescheduling..." busy={form.submitting} />
      <FormMessage status={form.status} message={form.message} />
    </form>
  );
}

/** Cancelling: the button asks once more, in a dialog, before anything changes. */
function Cancel({ when, cancel }: { when: string; cancel: () => Promise<string> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    const message = await cancel();
    setBusy(false);
    if (message) setFailure(message);
    else setAsking(false);
  };
  return (
    <div className="manage-booking__cancel">
      <h3>Cancel</h3>
      <p>If you cannot come, cancel so that someone else can take the time.</p>
      <button type="button" className="form-submit manage-booking__cancel-button" onClick={() => setAsking(true)}>
        Cancel this booking
      </button>
      <p role="alert" className="manage-booking__alert">
        {asking ? '' : failure}
      </p>
      <Dialog
        open={asking}
        role="alertdialog"
        title="Cancel this booking?"
        onClose={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="form-submit manage-booking__cancel-button" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Cancelling...' : 'Yes, cancel my booking'}
            </button>
            <button type="button" className="form-submit manage-booking__keep-button" disabled={busy} onClick={() => setAsking(false)}>
              No, keep it
            </button>
          </>
        }
      >
        <p>Your consultation on {when} will be cancelled, and the time offered to others. This cannot be undone.</p>
        {failure && (
          <p role="alert" className="manage-booking__alert">
            {failure}
          </p>
        )}
      </Dialog>
    </div>
  );
}
