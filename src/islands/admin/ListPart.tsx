// One list of the workspace as its own part: a heading with the list's total row count, and the
// list under it (its table, and any panels the part adds). The navigation says which part is
// current; a link naming the list's view (the overview's counts: /admin?bookings.when=today)
// opens this part with that filter.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { ListConfig } from '../../lib/admin/lists.ts';
import { fetchTotal } from '../../lib/admin/list-queries.ts';
import { unwrap } from './query-result.ts';
import { reachedWithinPage } from './workspace-address.ts';

const count = new Intl.NumberFormat('en-GB');

export default function ListPart({ list, children }: { list: ListConfig; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const total = useQuery({ queryKey: ['total', list.id], queryFn: () => unwrap(fetchTotal(getSupabase(), list)) });

  useEffect(() => {
    if (reachedWithinPage()) heading.current?.focus({ preventScroll: true });
  }, [list.id]);

  return (
    <section id={list.id} className="admin-part" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="admin-part__heading">
        {list.title}{' '}
        <span className="admin-part__count">({total.data === undefined ? (total.isError ? '?' : '…') : count.format(total.data)})</span>
      </h2>
      {children}
    </section>
  );
}
