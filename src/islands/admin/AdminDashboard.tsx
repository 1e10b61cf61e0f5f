// The /admin island: checks who is looking (the auth store's session and role), then shows the
// five lists. What an admin may do is decided by row-level security and the security-definer
// functions of supabase/migrations; this island only asks and shows the answers.
import { useStore } from '@nanostores/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authState, refreshProfile, startAuth } from '../../lib/auth/store.ts';
import { loginHref } from '../../scripts/login-redirect.ts';
import ApplicationDialog from './ApplicationDialog.tsx';
import DataTable from './DataTable.tsx';
import { APPLICATION_COLUMNS, BOOKING_COLUMNS, MESSAGE_COLUMNS } from './follow-up-columns.tsx';
import ListSection from './ListSection.tsx';
import { APPLICATIONS, BOOKINGS, CONTACT_MESSAGES, SUBSCRIBERS, USERS, type Row } from './lists.ts';
import Overview from './Overview.tsx';
import QueueHealth from './QueueHealth.tsx';
import { ToastProvider } from './Toasts.tsx';
import UserRoleButton from './UserRoleButton.tsx';
import './admin.css';

export const NOT_LOGGED_IN = 'You must log in to access this page.';
export const ACCESS_DENIED = 'Access denied. You are not authorized to view this page.';
export const ROLE_CHECK_FAILED = 'Failed to verify user role.';

const queryClient = new QueryClient({
  defaultOptions: {
    // A failed list shows its message and a Retry button at once, instead of retrying silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

export default function AdminDashboard() {
  const auth = useStore(authState);
  useEffect(() => void startAuth(), []);

  if (auth.status === 'loading') {
    // The page's loading overlay covers this while the session is read.
    return <p className="admin-guard" role="status">Loading...</p>;
  }
  if (auth.status === 'signed-out') {
    return (
      <div className="admin-guard">
        <p>{NOT_LOGGED_IN}</p>
        <p>
          <a href={loginHref(window.location)}>Log in</a>
        </p>
      </div>
    );
  }
  if (auth.profileError) {
    return (
      <div className="admin-guard" role="alert">
        <p>{ROLE_CHECK_FAILED}</p>
        <button type="button" className="admin-button" onClick={() => void refreshProfile()}>
          Retry
        </button>
      </div>
    );
  }
  if (auth.role === null) return <p className="admin-guard" role="status">Checking your access...</p>;
  if (auth.role !== 'admin') return <p className="admin-guard">{ACCESS_DENIED}</p>;

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Dashboard selfId={auth.userId} />
      </ToastProvider>
    </QueryClientProvider>
  );
}

function Dashboard({ selfId }: { selfId: string }) {
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
          <DataTable list={list} extraColumns={extraColumns} />
        </ListSection>
      ))}
    </div>
  );
}
