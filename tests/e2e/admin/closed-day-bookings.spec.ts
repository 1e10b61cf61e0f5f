// A day closed over existing bookings (a holiday announced late): staff see the bookings it strands
// under the day, move one and cancel the other from there (the cancel dialog names its buttons for
// what they do and asks who asked), the agenda marks the day, and the visitors hear through the
// move's and the cancellation's emails.
import { SEEDED_ADMIN, anonClient, serviceClient, uniqueEmail, waitForMail } from '../support/backend.ts';
import { closableWeekday, openSlot } from '../../support/open-slots.ts';
import { docScreenshots } from '../support/doc-screenshots.ts';
import { AdminPage, axeViolations, expect, signIn } from './admin.po.ts';
import { test } from '../support/fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** The first weekday 3 to 6 days after Lagos's today: bookable (3 hours' notice) and inside the agenda's week. */

test('a day closed over two bookings: staff move one and cancel the other from the closed day, and the agenda marks it', async ({ page }) => {
  const date = closableWeekday(1);
  // Times no other test books (openSlot's are on the half hour from 9:00; these run in one worker).
  const times = ['15:30', '16:00'];
  const people = [
    { name: 'Bola Ade', email: uniqueEmail('closed-move') },
    { name: 'Chi Okafor', email: uniqueEmail('closed-cancel') },
  ];
  const visitor = await anonClient();
  for (const [i, person] of people.entries()) {
    const { error } = await visitor.from('bookings').insert({ full_name: person.name, phone: '+234 809 000 0000', email: person.email, country: 'Canada', date, time: times[i]! });
    expect(error).toBeNull();
  }
  // The second is confirmed, as staff would have done (the service key stands in for them here).
  await (await serviceClient()).from('bookings').update({ status: 'confirmed' }).eq('email', people[1]!.email);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const bookings = await admin.openSection('Bookings');
  const panel = bookings.getByRole('region', { name: 'Closed days' });
  const form = panel.getByRole('form', { name: 'Add a closed day' });
  await form.getByLabel('Closed day', { exact: true }).fill(date);
  await form.getByLabel('Reason', { exact: true }).fill('Public holiday');
  await form.getByRole('button', { name: 'Add closed day' }).click();

  // The day lists the two bookings it strands, each with its actions; the section says how many.
  const entry = panel.getByRole('listitem').filter({ has: page.locator(`time[datetime="${date}"]`) });
  const stranded = entry.getByRole('list', { name: 'Bookings still on this day' });
  await expect(stranded.getByRole('listitem')).toHaveCount(2);
  await expect(stranded).toContainText(`${times[0]} Bola Ade`);
  await expect(stranded).toContainText(`${times[1]} Chi Okafor`);
  await expect(panel.getByRole('status').filter({ hasText: 'still on a closed day' })).toHaveText(/^2 bookings are still on a closed day/);

  // The agenda marks the day, with its reason.
  const agenda = bookings.getByRole('region', { name: 'Agenda' });
  const agendaDay = agenda.locator('.agenda__day--closed').filter({ hasText: 'Public holiday' });
  await expect(agendaDay).toContainText('Closed');
  await expect(agendaDay).toContainText('Public holiday');
  expect(await axeViolations(page, '#bookings')).toEqual([]);
  await docScreenshots(page, 'admin-closed-day-bookings', panel);
  await docScreenshots(page, 'admin-agenda-closed-day', agenda);

  // Move the first to another open time, picked from the slot picker.
  await stranded.getByRole('button', { name: new RegExp(`^Move booking of Bola Ade at ${times[0]}`) }).click();
  const move = page.getByRole('dialog', { name: 'Move the booking' });
  const target = openSlot();
  await move.getByLabel('New date').fill(target.date);
  await move.getByRole('radio').first().check();
  await docScreenshots(page, 'admin-move-booking', move);
  await move.getByRole('button', { name: 'Move booking' }).click();
  await expect(admin.toast(`The booking of Bola Ade at ${times[0]} is moved; the visitor is emailed.`)).toBeVisible();
  await expect(stranded.getByRole('listitem')).toHaveCount(1);

  // Cancel the second: the dialog's buttons say what they do, and it asks who asked.
  await stranded.getByRole('button', { name: new RegExp(`^Cancel booking of Chi Okafor at ${times[1]}`) }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the booking' });
  await expect(cancel.getByRole('button', { name: 'Keep booking' })).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel.getByRole('group', { name: /Who asked for the cancellation/ })).toContainText('Please say who asked for the cancellation.');
  await cancel.getByRole('radio', { name: 'We have to cancel' }).check();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await docScreenshots(page, 'admin-cancel-booking', cancel);
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(admin.toast(`The booking of Chi Okafor at ${times[1]} is cancelled; the visitor is emailed.`)).toBeVisible();
  await expect(entry.getByRole('list', { name: 'Bookings still on this day' })).toHaveCount(0);
  await expect(panel.getByRole('status').filter({ hasText: 'still on a closed day' })).toHaveCount(0);

  // The visitors hear through the change's own emails.
  const moved = await waitForMail(people[0]!.email, 'notification', { after: 1, timeoutMs: 30_000 });
  expect(moved.subject).toMatch(/^Your consultation has moved to /);
  const cancelled = await waitForMail(people[1]!.email, 'notification', { after: 1, timeoutMs: 30_000 });
  expect(cancelled.text).toContain('have had to cancel');

  await entry.getByRole('button', { name: /^Open again/ }).click();
  await expect(entry).toHaveCount(0);
});
