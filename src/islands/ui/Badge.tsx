// A status shown as a labelled badge: its text, in a colour of its tone (src/lib/badges.ts).
import type { ReactNode } from 'react';
import type { BadgeTone } from '../../lib/badges.ts';
import './badge.css';

/** A short status label in its tone's colours. */
export default function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
