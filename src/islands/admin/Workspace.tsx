// The workspace an admin sees (AdminGuard has checked who is looking): a navigation between
// its parts (the overview, then one part per list) and the part the address names, or one
// application's case (workspace-address.ts). Each part shows alone, across the full width; the
// overview also opens the applications and the users in place (ListDisclosure).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import ApplicationCase from './ApplicationCase.tsx';
import BookingsPart from './BookingsPart.tsx';
import DataTable from './DataTable.tsx';
import { APPLICATION_COLUMNS, MESSAGE_COLUMNS } from './list-columns.tsx';
import ListDisclosure from './ListDisclosure.tsx';
import ListPart from './ListPart.tsx';
import { APPLICATIONS, CONTACT_MESSAGES, SUBSCRIBERS, USERS, type Row } from '../../lib/admin/lists.ts';
import Overview from './Overview.tsx';
import QueueHealth from './QueueHealth.tsx';
import { ToastProvider } from './Toasts.tsx';
import UserRoleButton from './UserRoleButton.tsx';
import { PARTS, onWorkspaceLink, useWorkspace, workspaceHref, type PartId } from './workspace-address.ts';
import './admin-workspace.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // A failed list shows its message and a Retry button at once, instead of retrying silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

/** The workspace of the admin `selfId`, who may neither delete nor demote themself, with its query client and toasts. */
export default function WorkspaceWithProviders({ selfId }: { selfId: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Workspace selfId={selfId} />
      </ToastProvider>
    </QueryClientProvider>
  );
}

function Workspace({ selfId }: { selfId: string }) {
  const view = useWorkspace();
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {PARTS.map((part) => (
            <li key={part.id}>
              <a
                href={workspaceHref({ part: part.id, application: null })}
                aria-current={part.id === view.part ? 'page' : undefined}
                onClick={onWorkspaceLink}
              >
                {part.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by what it shows: a list's table starts from its own view, never the last part's. */}
      <div className="admin-main">{view.application ? <ApplicationCase key={view.application} id={view.application} /> : <Part key={view.part} id={view.part} selfId={selfId} />}</div>
    </div>
  );
}

/** The address of an application's case, keeping the list's view for Back. */
const caseHref = (row: Row) => workspaceHref({ part: 'applications', application: row.id }, window.location.search);

/** An application's reference and name link to its case as its View button does. */
const CASE_LINKS = { columns: ['reference', 'name'], href: caseHref } as const;

/** The link from a row of the applications to its case. */
function ViewApplication({ row }: { row: Row }) {
  return (
    <a className="admin-button" href={caseHref(row)} onClick={onWorkspaceLink}>
      View<span className="visually-hidden"> application of {String(row.name)}</span>
    </a>
  );
}

function Part({ id, selfId }: { id: PartId; selfId: string }): ReactNode {
  const ownAccount = (row: Row) => (row.id === selfId ? 'You cannot delete your own account.' : undefined);
  switch (id) {
    case 'overview':
      return (
        <div className="admin-overview-part">
          <Overview />
          <ListDisclosure title={APPLICATIONS.title}>
            <DataTable list={APPLICATIONS} extraColumns={APPLICATION_COLUMNS} cellLink={CASE_LINKS} actions={(row) => <ViewApplication row={row} />} />
          </ListDisclosure>
          <ListDisclosure title={USERS.title}>
            <DataTable list={USERS} cannotDelete={ownAccount} actions={(row) => <UserRoleButton row={row} self={row.id === selfId} />} />
          </ListDisclosure>
          <QueueHealth />
        </div>
      );
    case 'applications':
      return (
        <ListPart list={APPLICATIONS}>
          <DataTable list={APPLICATIONS} extraColumns={APPLICATION_COLUMNS} cellLink={CASE_LINKS} actions={(row) => <ViewApplication row={row} />} />
        </ListPart>
      );
    case 'bookings':
      return <BookingsPart />;
    case 'messages':
      return (
        <ListPart list={CONTACT_MESSAGES}>
          <DataTable list={CONTACT_MESSAGES} extraColumns={MESSAGE_COLUMNS} />
        </ListPart>
      );
    case 'subscribers':
      return (
        <ListPart list={SUBSCRIBERS}>
          <DataTable list={SUBSCRIBERS} />
        </ListPart>
      );
    case 'users':
      return (
        <ListPart list={USERS}>
          <DataTable list={USERS} cannotDelete={ownAccount} actions={(row) => <UserRoleButton row={row} self={row.id === selfId} />} />
        </ListPart>
      );
  }
}
