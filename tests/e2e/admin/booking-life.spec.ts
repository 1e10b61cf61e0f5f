// A booking's life in the browser, with its calendar entry read from every email as a calendar app
// reads it (ical.js): the visitor books on the home page (a tentative request), staff confirm it in
// the admin with a note (and see it in the agenda), the visitor reschedules through the link in
// the confirmation (tentative again, the old link now refused), then cancels through the link of
// the next email (the entry cancelled). Opening a link changes nothing; only its buttons act.
import type { Page } from '@playwright/test';
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, anonClient, uniqueEmail, waitForMail } from '../support/backend.ts';
import { isoDay } from '../forms/forms.po.ts';
import { openSlot } from '../../support/open-slots.ts';
import type { MailMessage } from '../../../supabase/local/mail/mailbox.ts';
import { calendarEntry } from '../../support/calendar-entry.ts';
import { docScreenshots } from '../support/doc-screenshots.ts';
import { AdminPage, axeViolations, expect, signIn } from './admin.po.ts';

test.describe.configure({ timeout: 180_000 });
// The void link's 404 from the database, which the browser logs as a failed resource.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

/** The calendar entry an email carries, as a calendar app reads it. */
function entry(mail: MailMessage) {
  const [ics] = mail.attachments;
  return calendarEntry(ics!.content, ics!.method);
}

/** A date as the booking history writes it: "10 Mar 2027". */
const written = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

function appointmentLink(mail: MailMessage): string {
  const link = mail.links.find((l) => new URL(l).pathname === '/appointment');
  if (!link) throw new Error(`no appointment link in "${mail.subject}"`);
  return link;
}

/** Opens an email's link and waits for the booking it shows. */
async function openLink(page: Page, link: string) {
  await page.goto(link);
  const region = page.getByRole('region', { name: 'Booking details' });
  await expect(region).toBeVisible({ timeout: 30_000 });
  return region;
}

test('book, staff confirm, the visitor reschedules then cancels from their emails; the calendar entry follows each step', async ({ page, browser }) => {
  // Booked into an open slot as the booking form sends it (the form's slot picker has its own journeys).
  const { date, time } = openSlot();
  const email = uniqueEmail('life');
  const { error } = await (await anonClient()).from('bookings').insert({ full_name: 'Amara Eze', phone: '+234 809 000 0000', email, country: 'Canada', date, time });
  expect(error).toBeNull();

  const requested = await waitForMail(email, 'notification', { timeoutMs: 30_000 });
  expect(requested.subject).toMatch(/^Consultation requested with /);
  const first = entry(requested);
  expect(first).toMatchObject({ partMethod: 'REQUEST', method: 'REQUEST', status: 'TENTATIVE', sequence: 0, start: new Date(`${date}T${time}:00+01:00`).toISOString() });

  // Staff confirm it, with a note, in their own browser.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(staff);
  await admin.open();
  await admin.search('Bookings', email);
  const state = admin.rows('Bookings').locator('td[data-column="state"]');
  await expect(state).toContainText('Requested');
  await state.getByRole('button', { name: /^Confirm booking of Amara Eze/ }).click();
  const dialog = staff.getByRole('dialog', { name: 'Confirm the booking' });
  await dialog.getByLabel('A note to the visitor (optional)').fill('Please bring your passport.');
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(admin.toast('The booking of Amara Eze is confirmed; the visitor is emailed.')).toBeVisible();
  await expect(state).toContainText('Confirmed');
  await expect(state.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
  // The agenda shows it under its slot.
  const agenda = staff.getByRole('region', { name: 'Agenda' });
  // (Only when the slot is within the week: openSlot() picks 3 to 50 days ahead.)
  if (date <= isoDay(6)) await expect(agenda.locator('.agenda__slot').filter({ hasText: time }).filter({ hasText: 'Amara Eze' })).toBeVisible();
  expect(await axeViolations(staff)).toEqual([]);
  // On a phone the agenda fits the screen: nothing scrolls sideways.
  await staff.setViewportSize({ width: 390, height: 844 });
  expect(await agenda.evaluate((el) => el.scrollWidth <= el.clientWidth && document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const confirmed = await waitForMail(email, 'notification', { after: 1, timeoutMs: 30_000 });
  expect(confirmed.text).toContain('Please bring your passport.');
  expect(entry(confirmed)).toMatchObject({ uid: first.uid, partMethod: 'REQUEST', method: 'REQUEST', status: 'CONFIRMED', sequence: 1 });

  // The visitor reschedules from the confirmation's link: opening it changes nothing.
  let region = await openLink(page, appointmentLink(confirmed));
  await expect(region.getByText('Confirmed', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const target = openSlot();
  const newDate = target.date;
  await region.getByLabel('New date').fill(newDate);
  // The times are the slot picker's, as on the booking form.
  await region.getByRole('group', { name: /^New time/ }).getByRole('radio', { name: target.time }).check();
  await docScreenshots(page, 'appointment-reschedule', region);
  await region.getByRole('button', { name: 'Reschedule' }).click();
  await expect(region.getByText('Your new time is requested')).toBeVisible();
  await expect(region.getByText('Requested: we will confirm it by email')).toBeVisible();

  const rescheduled = await waitForMail(email, 'notification', { after: 2, timeoutMs: 30_000 });
  expect(rescheduled.subject).toMatch(/^New time requested: /);
  expect(entry(rescheduled)).toMatchObject({ uid: first.uid, method: 'REQUEST', status: 'TENTATIVE', sequence: 2, start: new Date(`${newDate}T${target.time}:00+01:00`).toISOString() });

  // Staff see it requested again, with its history.
  await staff.setViewportSize({ width: 1280, height: 900 });
  await admin.open();
  await admin.search('Bookings', email);
  await expect(state).toContainText('Requested');
  await state.getByRole('button', { name: /^Confirm booking of Amara Eze/ }).click();
  const history = staff.getByRole('dialog', { name: 'Confirm the booking' }).locator('details');
  await history.getByText('History (2)').click();
  await expect(history).toContainText('Confirmed by staff: “Please bring your passport.”');
  await expect(history).toContainText(`Moved by the visitor from ${written(date)} at ${time} to ${written(newDate)} at ${target.time}`);
  await staff.keyboard.press('Escape');

  // The confirmation's link is void now: a clear message, no buttons.
  await page.goto(appointmentLink(confirmed));
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
  await expect(page.getByRole('button', { name: 'Cancel this booking' })).toHaveCount(0);

  // The visitor cancels from the newest email: the button asks once more, and "No" keeps it.
  region = await openLink(page, appointmentLink(rescheduled));
  await region.getByRole('button', { name: 'Cancel this booking' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(ask).toContainText('at ' + target.time + ' (Lagos time, WAT) will be cancelled');
  expect(await axeViolations(page)).toEqual([]);
  await docScreenshots(page, 'appointment-cancel-confirm');
  await ask.getByRole('button', { name: 'No, keep it' }).click();
  await expect(ask).toBeHidden();
  await expect(region.getByText('Requested: we will confirm it by email')).toBeVisible();
  await region.getByRole('button', { name: 'Cancel this booking' }).click();
  await ask.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(region.getByText('Your booking is cancelled')).toBeVisible();
  const cancelled = await waitForMail(email, 'notification', { after: 3, timeoutMs: 30_000 });
  expect(entry(cancelled)).toMatchObject({ uid: first.uid, partMethod: 'CANCEL', method: 'CANCEL', status: 'CANCELLED', sequence: 3 });

  // Pressed again from the same link: the booking is over, said plainly.
  region = await openLink(page, appointmentLink(rescheduled));
  await expect(region.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(region.getByRole('button', { name: 'Cancel this booking' })).toHaveCount(0);
  await staffContext.close();
});
