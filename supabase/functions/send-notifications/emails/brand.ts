// The consultancy as its emails show it: name, contact details and office address from
// content/site.json (checked with the site's own schema), the staff who receive lead
// notifications, and the site's colours (src/styles/global.css).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../supabase/local/env.ts';
import { settingsSchema, type Settings } from '../../../src/lib/content/schemas.ts';

export interface Brand {
  name: string;
  contact: Settings['contact'];
  /** Who gets the staff notifications (content/site.json notifications.staff). */
  staff: string[];
  colors: { ink: string; muted: string; primary: string; primaryInk: string; accent: string; tint: string; line: string };
}

/** The same colours as --green-700, --navy-900, --accent, --ink, --muted, --tint and --line of the site. */
const COLORS: Brand['colors'] = {
  ink: '#16202c',
  muted: '#485466',
  primary: '#0f5a43',
  primaryInk: '#ffffff',
  accent: '#f0a83a',
  tint: '#f4f7f5',
  line: '#d5ddd9',
};

/** Reads content/site.json (at send time, so an edit reaches the next email without a restart). */
export function loadBrand(root = PROJECT_ROOT): Brand {
  const raw = JSON.parse(readFileSync(join(root, 'content', 'site.json'), 'utf8')) as object;
  const site = settingsSchema.parse({ ...raw, id: 'site' });
  return { name: site.name, contact: site.contact, staff: site.notifications.staff, colors: COLORS };
}
