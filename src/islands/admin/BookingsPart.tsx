// The bookings part of the workspace: the bookings list with its handled state and emails, and a
// place for what the appointments work adds (availability, the agenda, a booking's
// confirm/decline/move/cancel): panels go in BOOKING_PANELS (shown above the list, in order),
// a row's actions in bookingActions (before Delete in the row's last cell).
import type { ReactNode } from 'react';
import DataTable from './DataTable.tsx';
import { BOOKING_COLUMNS } from './list-columns.tsx';
import ListPart from './ListPart.tsx';
import { BOOKINGS, type Row } from '../../lib/admin/lists.ts';

/** Panels of the bookings part above its list, each with a key. None yet: the appointments work adds them here. */
const BOOKING_PANELS: { key: string; panel: ReactNode }[] = [];

/** Actions on one booking, before Delete. None yet: the appointments work adds its status actions here. */
const bookingActions = (_row: Row): ReactNode => null;

export default function BookingsPart() {
  return (
    <ListPart list={BOOKINGS}>
      {BOOKING_PANELS.map(({ key, panel }) => (
        <div key={key} className="admin-part__panel">
          {panel}
        </div>
      ))}
      <DataTable list={BOOKINGS} extraColumns={BOOKING_COLUMNS} actions={bookingActions} />
    </ListPart>
  );
}
