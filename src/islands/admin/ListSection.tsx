// One dashboard section: a heading button that opens and closes it (state remembered in
// localStorage), the list's total row count, and the table while open. A link that names the
// list's view (the overview's counts: /admin?bookings.when=today#bookings) opens it and brings it
// into view with focus on its heading.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { getSupabase } from '../../lib/supabase-loader.ts';
import type { ListConfig, ListId } from '../../lib/admin/lists.ts';
import { fetchTotal } from '../../lib/admin/list-queries.ts';
import { namesView } from '../../lib/admin/list-view.ts';
import { unwrap } from './query-result.ts';

const STORAGE_KEY = 'bridgeway-admin-sections';
/** The specification's two sections start open; the others start closed. */
const OPEN_BY_DEFAULT: Record<ListId, boolean> = { applications: true, users: true, bookings: false, messages: false, subscribers: false };

function readOpen(id: ListId): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<ListId, boolean>>;
    return typeof stored[id] === 'boolean' ? stored[id] : OPEN_BY_DEFAULT[id];
  } catch {
    return OPEN_BY_DEFAULT[id];
  }
}

function storeOpen(id: ListId, open: boolean): void {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, boolean>;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...stored, [id]: open }));
  } catch {
    // Private mode or a full quota: the section still toggles, it is just not remembered.
  }
}

const count = new Intl.NumberFormat('en-GB');

export default function ListSection({ list, children }: { list: ListConfig; children: ReactNode }) {
  const [open, setOpen] = useState(() => namesView(list, window.location.search) || readOpen(list.id));
  const button = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const panelId = useId();
  const total = useQuery({ queryKey: ['total', list.id], queryFn: () => unwrap(fetchTotal(getSupabase(), list)) });

  // The island renders after the browser looked for the #fragment's target, so it goes there itself.
  useEffect(() => {
    if (window.location.hash !== `#${list.id}`) return;
    button.current?.scrollIntoView({ block: 'start' });
    button.current?.focus({ preventScroll: true });
  }, [list.id]);

  const toggle = () => {
    setOpen(!open);
    storeOpen(list.id, !open);
  };

  return (
    <section id={list.id} className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section__heading">
        <button ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          <span aria-hidden="true" className="admin-section__chevron">
            {open ? '−' : '+'}
          </span>
          {list.title}{' '}
          <span className="admin-section__count">({total.data === undefined ? (total.isError ? '?' : '…') : count.format(total.data)})</span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="admin-section__panel">
        {open && children}
      </div>
    </section>
  );
}
