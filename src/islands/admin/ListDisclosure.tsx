// A list that opens in place on the overview, as the specification has it ("the applications and
// users sections toggle open and closed"): a heading whose button says whether the list is shown
// (aria-expanded) and opens or closes it below. Closed at first; the list is fetched when opened.
// The workspace's own part for the list stays where it was (the navigation above).
import { useId, useState, type ReactNode } from 'react';

export default function ListDisclosure({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className="admin-disclosure">
      <h2 className="admin-disclosure__heading">
        <button type="button" className="admin-disclosure__toggle" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          <span aria-hidden="true" className="admin-disclosure__mark">
            {open ? '−' : '+'}
          </span>
          {title}
        </button>
      </h2>
      <div id={regionId} role="region" aria-label={title} hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
