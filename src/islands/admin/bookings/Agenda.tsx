// Staff's agenda: today's bookings first, then the rest of the week, each day's bookings under
// their slot's time, with the visitor's phone one tap away. A list of days, not a table, so it
// reads on a phone as on a desk. A closed day of the week is marked with its reason, and listed
// even without bookings; bookings still on it are flagged, for staff to move or cancel.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { AGENDA_DAYS, addDays, fetchAgenda, type AgendaDay } from '../../../lib/appointments/agenda.ts';
import { listClosedDays, type ClosedDay } from '../../../lib/appointments/closed-days.ts';
import { STAFF_STATUS_LABELS, bookingStatusTone } from '../../../lib/appointments/staff-bookings.ts';
import { CONSULTANCY_TIME_ZONE_NAME, consultancyToday } from '../../../../common/domain.ts';
import { formatConsultancyDate } from '../../../../common/consultancy-time.ts';
import { getSupabase } from '../../../lib/supabase-loader.ts';
import Badge from '../../ui/Badge.tsx';
import { unwrap } from '../query-result.ts';
import './agenda.css';

function dayName(date: string, today: string): string {
  const long = formatConsultancyDate(date, 'weekdayNoYear');
  return date === today ? `Today, ${long}` : long;
}

function Day({ day, today, closed }: { day: AgendaDay; today: string; closed: ClosedDay | undefined }) {
  const headingId = useId();
  const count = day.slots.reduce((sum, slot) => sum + slot.bookings.length, 0);
  return (
    <li className={`agenda__day${closed ? ' agenda__day--closed' : ''}`} aria-labelledby={headingId}>
      <h4 id={headingId} className="agenda__day-name">
        {dayName(day.date, today)} <span className="agenda__count">({count} {count === 1 ? 'booking' : 'bookings'})</span>
      </h4>
      {closed && (
        <p className="agenda__closed">
          <Badge tone="danger">Closed</Badge> {closed.reason}
          {count > 0 && ': move or cancel these bookings (Closed days, below).'}
        </p>
      )}
      <ol className="agenda__slots">
        {day.slots.map((slot) => (
          <li key={slot.time} className="agenda__slot">
            <span className="agenda__time">{slot.time}</span>
            <ul className="agenda__bookings">
              {slot.bookings.map((booking) => (
                <li key={booking.id} className="agenda__booking">
                  <span className="agenda__name">{booking.full_name}</span>
                  <Badge tone={bookingStatusTone(booking.status)}>{STAFF_STATUS_LABELS[booking.status]}</Badge>
                  <a className="agenda__phone" href={`tel:${booking.phone.replace(/[^+\d]/g, '')}`}>
                    {booking.phone}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The week's agenda: today and the six days after, in Lagos. */
export default function Agenda() {
  const today = consultancyToday();
  const agenda = useQuery({ queryKey: ['agenda', today], queryFn: () => unwrap(fetchAgenda(getSupabase(), today)) });
  // The closed days' own query: adding or opening one refreshes the agenda's marks too.
  const closedDays = useQuery({ queryKey: ['closed-days'], queryFn: () => unwrap(listClosedDays(getSupabase())) });
  const lastDay = addDays(today, AGENDA_DAYS - 1);
  const closedOn = (date: string) => closedDays.data?.find((closed) => closed.date === date);
  // The week's days with bookings, and its closed days without any, in date order.
  const days = agenda.data
    ? [...agenda.data, ...(closedDays.data ?? []).filter((closed) => closed.date <= lastDay && !agenda.data.some((day) => day.date === closed.date)).map((closed) => ({ date: closed.date, slots: [] }))].sort((a, b) => a.date.localeCompare(b.date))
    : undefined;
  return (
    <section id="agenda" className="agenda" aria-labelledby="agenda-title">
      <h3 id="agenda-title">Agenda</h3>
      <p className="agenda__lead">Requested and confirmed bookings of the next seven days, Lagos time ({CONSULTANCY_TIME_ZONE_NAME}).</p>
      {agenda.isError ? (
        <div role="alert" className="admin-error">
          <p>Failed to load the agenda.</p>
          <button type="button" className="admin-button" onClick={() => void agenda.refetch()}>
            Retry
          </button>
        </div>
      ) : !days ? (
        <p role="status">Loading the agenda…</p>
      ) : days.length === 0 ? (
        <p>No bookings in the next seven days.</p>
      ) : (
        <ol className="agenda__days">
          {days[0]?.date !== today && <li className="agenda__day agenda__day--empty">Today: no bookings.</li>}
          {days.map((day) => (
            <Day key={day.date} day={day} today={today} closed={closedOn(day.date)} />
          ))}
        </ol>
      )}
    </section>
  );
}
