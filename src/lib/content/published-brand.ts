// What the build publishes for the notification emails (/data/brand.json): the consultancy's name
// and its contact details, from content/site.json. The send-notifications
// function reads it (with a cache, and the copy bundled at its deploy as fallback:
// supabase/functions/send-notifications/emails/published-brand.ts), so an edit of the contact
// details reaches the emails with the next build, no redeploy. Only these fields are picked, one
// by one: the staff inboxes (notifications.staff) never leave the repository this way.
import type { Settings } from './schemas.ts';

export interface PublishedBrand {
  name: string;
  contact: { phone: string; whatsapp: string; email: string; address: string };
}

/** The published brand of `settings`. */
export function publishedBrand(settings: Pick<Settings, 'name' | 'contact'>): PublishedBrand {
  const { phone, whatsapp, email, address } = settings.contact;
  return { name: settings.name, contact: { phone, whatsapp, email, address } };
}
