// Writes the consultancy's weekly hours into every [data-office-hours] of the page (the footer,
// /contact, the booking aside), from the database rows the booking form books from, so the hours a
// visitor reads are the hours they can book, whenever staff change them in /admin and without a
// rebuild. The element carries the project's address and anon key (written at build,
// officeHoursAttributes in src/lib/content/settings.ts). The page's own text (call or WhatsApp us
// for the hours) stays when they cannot be read.
import { describeWeeklyHours } from '../../common/office-hours.ts';
import { fetchWeeklyHours } from '../lib/appointments/weekly-hours.ts';

export async function showOfficeHours(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-office-hours]')];
  const { officeHours: url, officeHoursKey: anonKey } = elements[0]?.dataset ?? {};
  if (!url || !anonKey) return;
  const rows = await fetchWeeklyHours({ url, anonKey });
  if (!rows) return;
  const sentence = describeWeeklyHours(rows);
  for (const element of elements) element.textContent = sentence;
}
