// Where the admin workspace is: which part shows (the overview or one list) or which application
// is open as a case, read from and written to the address (/admin?part=bookings,
// /admin?application=<id>). The site is static, so the view lives in the query string: back,
// reload and a link sent to a colleague open the same view. Moving between views pushes a history
// entry (so Back returns); a list's own view (page, search, filters) is kept beside it
// (src/lib/admin/list-view.ts) and replaced in place.
import { useEffect, useState, type MouseEvent } from 'react';
import type { ListId } from '../../lib/admin/lists.ts';

export type PartId = 'overview' | ListId;

/** The workspace's parts in the order its navigation lists them. */
export const PARTS: { id: PartId; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'applications', label: 'Applications' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'messages', label: 'Messages' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'users', label: 'Users' },
  { id: 'activity', label: 'Activity record' },
];

/** The parts only admins are shown (advisers' requests for them are refused by the database anyway). */
export const ADMIN_ONLY_PARTS: readonly PartId[] = ['activity'];

export type WorkspaceView = { part: PartId; application: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPart = (value: string | null): value is PartId => PARTS.some((part) => part.id === value);

/**
 * The view `search` names: an application's case (a well-formed id; anything else shows the list),
 * else the part named, else the list whose own keys it holds (an older link such as
 * ?bookings.when=today), else the overview.
 */
export function readWorkspace(search: string): WorkspaceView {
  const params = new URLSearchParams(search);
  const application = params.get('application');
  if (application && UUID.test(application)) return { part: 'applications', application: application.toLowerCase() };
  const named = params.get('part');
  if (isPart(named)) return { part: named, application: null };
  const listed = [...params.keys()].map((key) => key.split('.')[0] ?? '').find((prefix) => prefix !== 'overview' && isPart(prefix));
  return { part: (listed as PartId | undefined) ?? 'overview', application: null };
}

/** The address of `view`, keeping the lists' own keys of `search` (their page, search and filters). */
export function workspaceHref(view: WorkspaceView, search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('part');
  params.delete('application');
  const kept = params.toString();
  const own = view.application ? `application=${encodeURIComponent(view.application)}` : view.part === 'overview' ? '' : `part=${view.part}`;
  const query = [own, kept].filter(Boolean).join('&');
  return `/admin${query ? `?${query}` : ''}`;
}

const CHANGED = 'admin-workspace-change';

/** Whether the view has changed since the page loaded (a workspace link, Back or Forward). */
let moved = false;

/**
 * Whether a part or case that just appeared was reached from within the page: its heading then
 * takes focus, so a keyboard or screen reader user starts where the new content does (on the
 * first load focus stays where the browser puts it).
 */
export const reachedWithinPage = () => moved;

/** Goes to `href` (an /admin address) without loading the page, with a history entry for Back. */
export function goTo(href: string): void {
  moved = true;
  window.history.pushState(window.history.state, '', href);
  window.dispatchEvent(new Event(CHANGED));
  window.scrollTo({ top: 0 });
}

/** The view the address names, following Back and Forward and the workspace's own links. */
export function useWorkspace(): WorkspaceView {
  const [view, setView] = useState(() => readWorkspace(window.location.search));
  useEffect(() => {
    const update = () => {
      moved = true;
      setView(readWorkspace(window.location.search));
    };
    window.addEventListener('popstate', update);
    window.addEventListener(CHANGED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(CHANGED, update);
    };
  }, []);
  return view;
}

/**
 * A click on a workspace link: a plain click moves within the page; a click with a modifier (a
 * new tab or window) or any other button is left to the browser, which opens the same address.
 */
export function onWorkspaceLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  goTo(event.currentTarget.getAttribute('href')!);
}
