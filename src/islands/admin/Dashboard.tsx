// The dashboard an admin sees (AdminDashboard has checked who is looking): the overview and the
// queues' health, then the five lists, the applications' with their dialog and the users' with their role buttons.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import ApplicationDialog from './ApplicationDialog.tsx';
import ClosedDays from './ClosedDays.tsx';
import DataTable from './DataTable.tsx';
import { APPLICATION_COLUMNS, BOOKING_COLUMNS, MESSAGE_COLUMNS } from './list-columns.tsx';
import ListSection from './ListSection.tsx';
import { APPLICATIONS, BOOKINGS, CONTACT_MESSAGES, SUBSCRIBERS, USERS, type Row } from '../../lib/admin/lists.ts';
import Overview from './Overview.tsx';
import QueueHealth from './QueueHealth.tsx';
import { ToastProvider } from './Toasts.tsx';
import UserRoleButton from './UserRoleButton.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    // A failed list shows its message and a Retry button at once, instead of retrying silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

/** The dashboard of the admin `selfId`, who may neither delete nor demote themself. */
export default function Dashboard({ selfId }: { selfId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Lists selfId={selfId} />
      </ToastProvider>
    </QueryClientProvider>
  );
}

function Lists({ selfId }: { selfId: string }) {
  const [opened, setOpened] = useState<Row | null>(null);
  const ownAccount = (row: Row) => (row.id === selfId ? 'You cannot delete your own account.' : undefined);
  return (
    <div className="admin">
      <Overview />
      <QueueHealth />
      <ListSection list={APPLICATIONS}>
        <DataTable
          list={APPLICATIONS}
          extraColumns={APPLICATION_COLUMNS}
          actions={(row) => (
            <button type="button" className="admin-button" onClick={() => setOpened(row)}>
              View<span className="visually-hidden"> application of {String(row.name)}</span>
            </button>
          )}
        />
        <ApplicationDialog row={opened} onClose={() => setOpened(null)} />
      </ListSection>
      <ListSection list={USERS}>
        <DataTable list={USERS} cannotDelete={ownAccount} actions={(row) => <UserRoleButton row={row} self={row.id === selfId} />} />
      </ListSection>
      {(
        [
          [BOOKINGS, BOOKING_COLUMNS],
          [CONTACT_MESSAGES, MESSAGE_COLUMNS],
          [SUBSCRIBERS, []],
        ] as const
      ).map(([list, extraColumns]) => (
        <ListSection key={list.id} list={list}>
          {list === BOOKINGS && <ClosedDays />}
          <DataTable list={list} extraColumns={extraColumns} />
        </ListSection>
      ))}
    </div>
  );
}
