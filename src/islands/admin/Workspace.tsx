// The workspace staff see (AdminGuard has checked who is looking): a navigation between its parts
// (the overview, then one part per list) and the part the address names, or one application's
// case (workspace-address.ts). Each part shows alone, across the full width; the overview also
// opens the applications and the users in place (ListDisclosure). Each person sees only what
// their role may do: an adviser gets no role buttons, no account deletion and no activity record
// (the database refuses them those whatever the page sends).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import ApplicationCase from './ApplicationCase.tsx';
import BookingsPart from './BookingsPart.tsx';
import DataTable from './DataTable.tsx';
import { APPLICATION_COLUMNS, MESSAGE_COLUMNS } from './list-columns.tsx';
import ListDisclosure from './ListDisclosure.tsx';
import ListPart from './ListPart.tsx';
import { ACTIVITY, APPLICATIONS, CONTACT_MESSAGES, SUBSCRIBERS, USERS, activityDetail, type Row } from '../../lib/admin/lists.ts';
import type { UserRole } from '../../../common/domain.ts';
import Overview from './Overview.tsx';
import QueueHealth from './QueueHealth.tsx';
import { ToastProvider } from './Toasts.tsx';
import StaffFactors from './StaffFactors.tsx';
import UserRoleButton from './UserRoleButton.tsx';
import { ADMIN_ONLY_PARTS, PARTS, onWorkspaceLink, useWorkspace, workspaceHref, type PartId } from './workspace-address.ts';
import './admin-workspace.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // A failed list shows its message and a Retry button at once, instead of retrying silently.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

/** Who is looking: their id (an admin may neither delete nor demote themself) and their role. */
interface Viewer {
  selfId: string;
  role: UserRole;
}

/** The workspace of the staff member `selfId`, as their role sees it, with its query client and toasts. */
export default function WorkspaceWithProviders(viewer: Viewer) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Workspace {...viewer} />
      </ToastProvider>
    </QueryClientProvider>
  );
}

function Workspace(viewer: Viewer) {
  const address = useWorkspace();
  const admin = viewer.role === 'admin';
  const parts = PARTS.filter((part) => admin || !ADMIN_ONLY_PARTS.includes(part.id));
  // An adviser sent a link to an admin's part sees the overview instead.
  const view = parts.some((part) => part.id === address.part) ? address : { ...address, part: 'overview' as const };
  return (
    <div className="admin">
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {parts.map((part) => (
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
      <div className="admin-main">{view.application ? <ApplicationCase key={view.application} id={view.application} /> : <Part key={view.part} id={view.part} {...viewer} />}</div>
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

/** The activity list's detail, in words that depend on each row's kind. */
const ACTIVITY_COLUMNS = [{ key: 'detail', label: 'Detail', render: (row: Row) => activityDetail(row) }] as const;

/** The users list as `viewer`'s role sees it: an admin changes roles and deletes accounts, an adviser only reads. */
function UsersTable({ selfId, role }: Viewer) {
  const ownAccount = (row: Row) => (row.id === selfId ? 'You cannot delete your own account.' : undefined);
  if (role !== 'admin') return <DataTable list={USERS} deletable={false} />;
  const actions = (row: Row) => (
    <>
      <UserRoleButton row={row} self={row.id === selfId} />
      {row.id !== selfId && (row.role === 'adviser' || row.role === 'admin') && <StaffFactors row={row} />}
    </>
  );
  return <DataTable list={USERS} cannotDelete={ownAccount} actions={actions} />;
}

function Part({ id, ...viewer }: { id: PartId } & Viewer): ReactNode {
  switch (id) {
    case 'overview':
      return (
        <div className="admin-overview-part">
          <Overview />
          <ListDisclosure title={APPLICATIONS.title}>
            <DataTable list={APPLICATIONS} extraColumns={APPLICATION_COLUMNS} cellLink={CASE_LINKS} actions={(row) => <ViewApplication row={row} />} />
          </ListDisclosure>
          <ListDisclosure title={USERS.title}>
            <UsersTable {...viewer} />
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
          <UsersTable {...viewer} />
        </ListPart>
      );
    case 'activity':
      return (
        <ListPart list={ACTIVITY}>
          <DataTable list={ACTIVITY} extraColumns={ACTIVITY_COLUMNS} />
        </ListPart>
      );
  }
}
