// Writes the consultancy's weekly hours into every [data-office-hours] of the page (the footer,
// /contact, the booking aside), from the database rows the booking form books from, so the hours a
// visitor reads are the hours they can book, whenever staff change them in /admin and without a
// rebuild. The page's own text (call or WhatsApp us for the hours) stays when they cannot be read.
import { describeWeeklyHours } from '../../common/office-hours.ts';
import { fetchWeeklyHours } from '../lib/appointments/weekly-hours.ts';

export async function showOfficeHours(): Promise<void> {
  const rows = await fetchWeeklyHours();
  if (!rows) return;
  const sentence = describeWeeklyHours(rows);
  for (const element of document.querySelectorAll<HTMLElement>('[data-office-hours]')) element.textContent = sentence;
}
