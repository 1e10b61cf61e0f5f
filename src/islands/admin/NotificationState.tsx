// A row's emails (lists.ts rows of applications, bookings and messages): each one's kind and
// whether it was sent, is queued or failed, with the reason of a failure and a Retry button that
// puts it back in the queue. Every row of a page asks with the same key, so react-query sends one
// request per page, not one per row.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchNotifications, notificationBadge, notificationKindLabel, retryNotification, type NotificationRow, type SubjectTable } from '../../lib/admin/notifications.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import Badge from '../ui/Badge.tsx';
import type { Row } from '../../lib/admin/lists.ts';
import { useToast } from './Toasts.tsx';
import { unwrap } from './query-result.ts';

/** The notifications of `row`, read with those of the rest of its `page`. */
export default function NotificationState({ table, row, page }: { table: SubjectTable; row: Row; page: Row[] }) {
  const ids = page.map((each) => each.id);
  const notifications = useQuery({ queryKey: ['notifications', table, ids], queryFn: () => unwrap(fetchNotifications(getSupabase(), table, ids)) });
  if (notifications.isPending) return <span>…</span>;
  if (notifications.isError) return <span>Failed to load.</span>;
  const own = notifications.data.filter((notification) => notification.subject_id === row.id);
  if (own.length === 0) return <span>None</span>;
  return (
    <ul className="notification-state">
      {own.map((notification) => (
        <NotificationLine key={notification.id} table={table} notification={notification} />
      ))}
    </ul>
  );
}

function NotificationLine({ table, notification }: { table: SubjectTable; notification: NotificationRow }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const badge = notificationBadge(notification.status);
  const kind = notificationKindLabel(notification.kind);
  const retry = useMutation({
    mutationFn: () => unwrap(retryNotification(getSupabase(), notification.id)),
    onSuccess: (queued) => notify(queued ? `${kind}: queued again.` : `${kind}: already queued again.`),
    onError: () => notify('Failed to retry the notification.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications', table] }),
  });
  return (
    <li>
      <span className="notification-state__kind">{kind}</span> <Badge tone={badge.tone}>{badge.label}</Badge>
      {notification.status === 'failed' && (
        <>
          <span className="notification-state__error">{notification.last_error ?? 'No reason recorded.'}</span>
          <button type="button" className="admin-button admin-button--small" disabled={retry.isPending} onClick={() => retry.mutate()}>
            Retry<span className="visually-hidden"> {kind}</span>
          </button>
        </>
      )}
    </li>
  );
}
