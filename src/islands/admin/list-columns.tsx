// The columns the dashboard adds to its lists beyond the rows' own fields: each
// application's required documents ("n of m required"), each row's notifications (applications,
// bookings, messages), the status and actions of bookings, and the handled state of messages.
import type { ExtraColumn } from './DataTable.tsx';
import BookingActions from './bookings/BookingActions.tsx';
import DocumentProgress from './DocumentProgress.tsx';
import HandledState from './HandledState.tsx';
import NotificationState from './NotificationState.tsx';

const notifications = (table: 'visa_applications' | 'bookings' | 'contact_messages'): ExtraColumn => ({
  key: 'notifications',
  label: 'Emails',
  render: (row, page) => <NotificationState table={table} row={row} page={page} />,
});

export const APPLICATION_COLUMNS: ExtraColumn[] = [
  { key: 'documents', label: 'Documents', render: (row, page) => <DocumentProgress row={row} page={page} /> },
  notifications('visa_applications'),
];

export const BOOKING_COLUMNS: ExtraColumn[] = [
  {
    key: 'state',
    label: 'State',
    // A booking's status replaces "mark handled" (docs/product-decisions.md, Appointments).
    render: (row) => <BookingActions row={row} name={`booking of ${String(row.full_name)}`} />,
  },
  notifications('bookings'),
];

export const MESSAGE_COLUMNS: ExtraColumn[] = [
  {
    key: 'state',
    label: 'State',
    render: (row, page) => <HandledState listId="messages" table="contact_messages" row={row} page={page} name={`message from ${String(row.name)}`} />,
  },
  notifications('contact_messages'),
];
