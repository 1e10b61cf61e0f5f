// The consultancy as its emails show it: name, contact details and office address, and the staff
// who receive lead notifications, from content/site.json as `npm run functions:bundle` checked and
// wrote it into brand.generated.ts (a hosted function has no repository to read), and the site's
// colours (src/styles/global.css). This bundled copy is the fallback: the name and contact details
// the site's last build published are used when they can be read (published-brand.ts), so editing
// them needs no deploy; the staff list is only ever this one, and changing it needs a deploy of
// the function (docs/deploy.md).
import { BUNDLED_BRAND } from './brand.generated.ts';

export interface Brand {
  name: string;
  contact: { phone: string; whatsapp: string; email: string; address: string };
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

/** The brand bundled with this deployment of the function. */
export const BRAND: Brand = { ...BUNDLED_BRAND, staff: [...BUNDLED_BRAND.staff], colors: COLORS };
