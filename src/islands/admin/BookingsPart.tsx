// The bookings part of the workspace: the week's agenda, the weekly hours and the days the office is closed above
// the bookings list. A booking's
// state and its confirm/decline/move/cancel live in the list's State column (list-columns.tsx,
// bookings/BookingActions.tsx); further panels of the appointments work go in BOOKING_PANELS,
// shown above the list in order.
import type { ReactNode } from 'react';
import Agenda from './bookings/Agenda.tsx';
import ClosedDays from './ClosedDays.tsx';
import WeeklyHours from './WeeklyHours.tsx';
import DataTable from './DataTable.tsx';
import { BOOKING_COLUMNS } from './list-columns.tsx';
import ListPart from './ListPart.tsx';
import { BOOKINGS } from '../../lib/admin/lists.ts';

/** Panels of the bookings part above its list, each with a key. */
const BOOKING_PANELS: { key: string; panel: ReactNode }[] = [
  { key: 'agenda', panel: <Agenda /> },
  { key: 'weekly-hours', panel: <WeeklyHours /> },
  { key: 'closed-days', panel: <ClosedDays /> },
];

export default function BookingsPart() {
  return (
    <ListPart list={BOOKINGS}>
      {BOOKING_PANELS.map(({ key, panel }) => (
        <div key={key} className="admin-part__panel">
          {panel}
        </div>
      ))}
      <DataTable list={BOOKINGS} extraColumns={BOOKING_COLUMNS} />
    </ListPart>
  );
}
