// The page of a booking's emailed link (/appointment#token=…): shows the booking, and lets the
// visitor cancel it or move it to another time. Opening it only reads the booking (a mail scanner
// that opens the link changes nothing); each change needs its button. Outcomes are announced in a
// live region; a reschedule's field errors sit under their fields.
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  BOOKING_STATUS_LABELS,
  LINK_TEXTS,
  cancelLinkedBooking,
  readLinkedBooking,
  rescheduleLinkedBooking,
  type LinkFailure,
  type LinkedBooking,
} from '../../lib/appointments/booking-link.ts';
import { CONSULTANCY_TIME_ZONE_NAME, consultancyToday } from '../../../common/domain.ts';
import { takeLinkToken } from '../../lib/link-token.ts';
import type { FieldErrors } from '../../lib/result.ts';
import './manage-booking.css';

interface Props {
  url: string;
  anonKey: string;
}

/** 'Wednesday, 10 March 2027' for YYYY-MM-DD (a Lagos date, shown as it is). */
function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

type State = { phase: 'loading' } | { phase: 'shown'; booking: LinkedBooking } | { phase: 'refused'; message: string };

export default function ManageBooking({ url, anonKey }: Props) {
  const endpoint = { url, anonKey };
  // Known only in the browser: the link's token, and today in Lagos (the server would render the build day).
  const [token, setToken] = useState('');
  const [today, setToday] = useState<string>();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [alert, setAlert] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const ids = { date: useId(), time: useId(), heading: useId() };

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

  const fail = (error: LinkFailure, booking: LinkedBooking) => {
    setAlert(error.message);
    setFieldErrors(error.fields ?? {});
    if (error.final) setState({ phase: 'shown', booking: { ...booking, can_change: false } });
  };

  const cancel = async (booking: LinkedBooking) => {
    setBusy(true);
    setAlert('');
    const result = await cancelLinkedBooking(endpoint, token);
    setBusy(false);
    if (!result.ok) return fail(result.error, booking);
    setState({ phase: 'shown', booking: { ...booking, ...result.data, can_change: false } });
    setDone(LINK_TEXTS.cancelled);
  };

  const reschedule = async (event: FormEvent, booking: LinkedBooking) => {
    event.preventDefault();
    setAlert('');
    const missing: FieldErrors = { ...(date ? {} : { date: LINK_TEXTS.noTime }), ...(time ? {} : { time: LINK_TEXTS.noTime }) };
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) {
      setAlert(LINK_TEXTS.noTime);
      return;
    }
    setBusy(true);
    const result = await rescheduleLinkedBooking(endpoint, token, date, time);
    setBusy(false);
    if (!result.ok) return fail(result.error, booking);
    // The link is void after a move: the page shows the new time and offers nothing more.
    setState({ phase: 'shown', booking: { ...booking, ...result.data, can_change: false } });
    setDone(LINK_TEXTS.rescheduled);
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
    <section className="manage-booking" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Booking details</h2>
      <dl className="manage-booking__facts">
        <dt>Name</dt>
        <dd>{booking.full_name}</dd>
        <dt>Date</dt>
        <dd data-booking-date>{longDate(booking.date)}</dd>
        <dt>Time</dt>
        <dd data-booking-time>
          {booking.time} (Lagos time, {CONSULTANCY_TIME_ZONE_NAME})
        </dd>
        <dt>Status</dt>
        <dd data-booking-status>{BOOKING_STATUS_LABELS[booking.status]}</dd>
      </dl>
      <p role="status" className="manage-booking__done">
        {done}
      </p>
      <p role="alert" className="manage-booking__alert">
        {alert}
      </p>
      {booking.can_change && (
        <>
          <form className="manage-booking__form" noValidate onSubmit={(event) => void reschedule(event, booking)} aria-label="Reschedule">
            <h3>Reschedule</h3>
            <p>Choose another date and time. We will confirm the new time by email.</p>
            <div className="manage-booking__row">
              <div className="field">
                <label htmlFor={ids.date}>New date</label>
                <input
                  id={ids.date}
                  type="date"
                  min={today}
                  value={date}
                  onChange={(e) => setDate(e.target.value)}
                  aria-invalid={fieldErrors.date ? true : undefined}
                  aria-describedby={fieldErrors.date ? `${ids.date}-error` : undefined}
                />
                {fieldErrors.date && (
                  <p className="field__error" id={`${ids.date}-error`}>
                    {fieldErrors.date}
                  </p>
                )}
              </div>
              <div className="field">
                <label htmlFor={ids.time}>New time (Lagos, {CONSULTANCY_TIME_ZONE_NAME})</label>
                <input
                  id={ids.time}
                  type="time"
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  aria-invalid={fieldErrors.time ? true : undefined}
                  aria-describedby={fieldErrors.time ? `${ids.time}-error` : undefined}
                />
                {fieldErrors.time && (
                  <p className="field__error" id={`${ids.time}-error`}>
                    {fieldErrors.time}
                  </p>
                )}
              </div>
            </div>
            <button type="submit" className="form-submit" disabled={busy}>
              Reschedule
            </button>
          </form>
          <div className="manage-booking__cancel">
            <h3>Cancel</h3>
            <p>If you cannot come, cancel so that someone else can take the time.</p>
            <button type="button" className="form-submit manage-booking__cancel-button" disabled={busy} onClick={() => void cancel(booking)}>
              Cancel this booking
            </button>
          </div>
        </>
      )}
    </section>
  );
}
