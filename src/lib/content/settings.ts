// The site settings (content/site.json) as the pages use them, with ready-made contact links.
import { getEntry } from 'astro:content';
import type { Settings } from './schemas.ts';
import { mailtoHref, telHref, whatsappHref } from './links.ts';
import { siteSupabaseSettings } from '../supabase-settings.ts';

/** One direct way to reach the consultancy, as the contact list and the contact tiles show it. */
interface ContactChannel {
  label: string;
  text: string;
  /** Absent for the office address and the opening hours, which are plain text. */
  href?: string;
  /** The opening hours: their text is written in the page from the database (src/page-scripts/office-hours.ts). */
  officeHours?: true;
  /** Set on a link that opens in a new tab: screen readers announce it after the text. */
  newTabHint?: string;
  /** The heading of its tile on the contact page, where it invites an action; the label otherwise. */
  action?: string;
}

/**
 * What an element that shows the office hours says until the page has read them from the database
 * (they live there, with the bookings: common/office-hours.ts), and if it cannot.
 */
export const OFFICE_HOURS_UNREAD = 'Call or WhatsApp us for our hours';

/** The attributes of an element showing the office hours: where src/page-scripts/office-hours.ts reads them. */
export function officeHoursAttributes(): { 'data-office-hours': string; 'data-office-hours-key': string } {
  const { url, anonKey } = siteSupabaseSettings();
  return { 'data-office-hours': url, 'data-office-hours-key': anonKey };
}

/** Site settings plus the hrefs every contact block needs. */
export interface SiteView extends Settings {
  links: { tel: string; whatsapp: string; mailto: string };
  /** Phone, WhatsApp, email, office and hours, in the order the pages list them. */
  channels: ContactChannel[];
}

/** Loads the single settings entry; a missing file fails the build with a clear message. */
export async function getSite(): Promise<SiteView> {
  const entry = await getEntry('settings', 'site');
  if (!entry) throw new Error('content/site.json must contain the settings entry with id "site".');
  const settings = entry.data;
  const { contact } = settings;
  const links = { tel: telHref(contact.phone), whatsapp: whatsappHref(contact.whatsapp), mailto: mailtoHref(contact.email) };
  return {
    ...settings,
    links,
    channels: [
      { label: 'Phone', action: 'Call us', text: contact.phone, href: links.tel },
      { label: 'WhatsApp', text: contact.whatsapp, href: links.whatsapp, newTabHint: 'opens WhatsApp in a new tab' },
      { label: 'Email', text: contact.email, href: links.mailto },
      { label: 'Office', text: contact.address },
      { label: 'Hours', text: OFFICE_HOURS_UNREAD, officeHours: true },
    ],
  };
}
