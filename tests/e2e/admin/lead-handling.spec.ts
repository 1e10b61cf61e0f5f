// What happens after a submission, from /admin: the overview's counts link to their
// filtered lists; bookings and messages are marked handled (by whom, when) and new again; a status
// change shows in the application's timeline and reaches the applicant's /profile, an internal note
// never does; a failed notification shows its reason and Retry queues it again.
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, createUser, serviceClient, uniqueEmail, TEST_PASSWORD } from '../support/backend.ts';
import { logInThroughForm } from '../account/account.po.ts';
import { AFTER_SUBMISSION_TEXTS } from '../../support/spec-texts.ts';
import { AdminPage, apiSession, axeViolations, expect, signIn, uniqueTag } from './admin.po.ts';
import { consultancyToday } from '../../../common/domain.ts';

test.describe.configure({ timeout: 120_000 });

/** The seeded admin's name, as "by whom" shows it (supabase/seed.sql). */
const ADMIN_NAME = 'Grace Adeyemi';

/** A day in Lagos, the consultancy's time zone, as YYYY-MM-DD: today (0), tomorrow (1). */
const lagosDay = (offset: number) => consultancyToday(new Date(Date.now() + offset * 86_400_000));

/**
 * A booking at 09:30 on `date`. One for today is stored as bookings for today are, made earlier
 * for a time that may have passed since: the database takes no new booking for a past moment, so
 * it is made for tomorrow and moved to today.
 */
async function seedBooking(tag: string, date: string): Promise<string> {
  const service = await serviceClient();
  const { data, error } = await service
    .from('bookings')
    .insert({ full_name: `${tag} Booker`, phone: '+234 800 000 0003', email: `${tag}@example.com`, country: 'UK', date: lagosDay(2), time: '09:30' })
    .select('id')
    .single();
  if (error) throw error;
  const moved = await service.from('bookings').update({ date }).eq('id', data.id);
  if (moved.error) throw moved.error;
  return data.id as string;
}

async function seedMessage(tag: string): Promise<string> {
  const { data, error } = await (await serviceClient())
    .from('contact_messages')
    .insert({ name: `${tag} Writer`, email: `${tag}@example.com`, subject: 'Fees', phone: '+234 800 000 0004', message: 'How much?', page: '/contact' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

test.describe('as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  });

  test('the dashboard opens on what is waiting; each count links to its filtered list', async ({ page }) => {
    const tag = uniqueTag('ov');
    await seedBooking(tag, lagosDay(0));
    const admin = new AdminPage(page);
    await admin.open();
    const overview = page.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.overviewTitle });
    const today = overview.getByRole('link', { name: /Bookings today/ });
    // The count is a number once loaded, at least our booking (other tests add theirs).
    await expect(today).toHaveText(/^[1-9][\d,]*Bookings today$/);
    for (const name of ['New applications', 'New messages', 'Upcoming bookings']) {
      await expect(overview.getByRole('link', { name: new RegExp(name) })).toHaveText(new RegExp(`^[\\d,]+${name}$`));
    }
    expect(await axeViolations(page)).toEqual([]);

    await today.click();
    await expect(page).toHaveURL(/[?&]bookings\.when=today(&|#|$)/);
    const bookings = admin.section('Bookings');
    await expect(admin.sectionButton('Bookings')).toHaveAttribute('aria-expanded', 'true');
    await expect(admin.sectionButton('Bookings')).toBeFocused();
    await expect(bookings.getByLabel('Date', { exact: true })).toHaveValue('today');
    await admin.search('Bookings', tag);
    await expect(admin.rows('Bookings')).toHaveCount(1);

    await page.goto('/admin');
    await page.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.overviewTitle }).getByRole('link', { name: /New messages/ }).click();
    await expect(page).toHaveURL(/[?&]messages\.state=new(&|#|$)/);
    await expect(admin.section('Contact messages').getByLabel('State', { exact: true })).toHaveValue('new');
  });

  test('a booking and a message are marked handled (by whom, when) and new again', async ({ page }) => {
    const tag = uniqueTag('hd');
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await seedBooking(tag, date);
    await seedMessage(tag);
    const admin = new AdminPage(page);
    await admin.open();

    for (const title of ['Bookings', 'Contact messages'] as const) {
      await admin.search(title, tag);
      const state = admin.rows(title).locator('td[data-column="state"]');
      await expect(state).toContainText(AFTER_SUBMISSION_TEXTS.new);
      await state.getByRole('button', { name: new RegExp(`^${AFTER_SUBMISSION_TEXTS.markHandled}`) }).click();
      await expect(state).toContainText(AFTER_SUBMISSION_TEXTS.handled);
      await expect(state).toContainText(`by ${ADMIN_NAME}, `);
      await expect(state).toContainText(/\d{4}, \d{2}:\d{2} WAT/);

      // The State filter finds it among the handled ones, not among the new ones.
      const filter = admin.section(title).getByLabel('State', { exact: true });
      await filter.selectOption('new');
      await expect(admin.section(title).getByText('No matching entries.')).toBeVisible();
      await filter.selectOption('handled');
      await expect(admin.rows(title)).toHaveCount(1);

      await state.getByRole('button', { name: new RegExp(`^${AFTER_SUBMISSION_TEXTS.markNew}`) }).click();
      await expect(admin.section(title).getByText('No matching entries.')).toBeVisible();
      await filter.selectOption('new');
      await expect(state).toContainText(AFTER_SUBMISSION_TEXTS.new);
      await expect(state).not.toContainText('by ');
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a failed notification shows its reason, and Retry queues it again', async ({ page }) => {
    const tag = uniqueTag('nf');
    const bookingId = await seedBooking(tag, new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    // A failed email of our own (the sender never claims a failed one), beside those the trigger queued.
    const service = await serviceClient();
    const reason = '550 5.1.1 Mailbox unavailable';
    const { data: failed, error } = await service
      .from('notifications')
      .insert({
        kind: 'booking_confirmation',
        recipient: `${tag}.bounce@example.com`,
        subject_table: 'bookings',
        subject_id: bookingId,
        dedupe_key: `e2e-failed:${tag}`,
        status: 'failed',
        attempts: 5,
        last_error: reason,
      })
      .select('id')
      .single();
    if (error) throw error;

    const admin = new AdminPage(page);
    await admin.open();
    // The overview counts it with the emails that failed, beside those waiting to be sent.
    const queues = page.getByRole('region', { name: 'Emails and files' });
    await expect(queues.getByRole('listitem').filter({ hasText: 'Failed emails' })).toHaveText(/^[1-9][\d,]*Failed emails$/);
    await expect(queues.getByRole('listitem').filter({ hasText: 'Emails waiting' })).toHaveText(/^[\d,]+Emails waiting/);
    await admin.search('Bookings', tag);
    const emails = admin.rows('Bookings').locator('td[data-column="notifications"]');
    await expect(emails).toContainText('Staff: new booking');
    const line = emails.locator('li').filter({ hasText: 'Failed' });
    await expect(line).toContainText(reason);
    expect(await axeViolations(page)).toEqual([]);
    await line.getByRole('button', { name: /^Retry/ }).click();
    await expect(admin.toast('Visitor: booking confirmation: queued again.')).toBeVisible();
    await expect(emails.locator('li').filter({ hasText: 'Failed' })).toHaveCount(0);

    const { data: row } = await service.from('notifications').select('status, attempts').eq('id', failed.id).single();
    // Queued again with fresh tries (Retry calls the sender, which may already have taken or sent it).
    expect(['queued', 'sending', 'sent']).toContain(row!.status);
  });
});

test('a status change shows in the timeline and on the applicant’s profile; a note stays with staff', async ({ page, browser }) => {
  const email = uniqueEmail('timeline');
  await createUser(email);
  const { client } = await apiSession(email, TEST_PASSWORD);
  const tag = uniqueTag('tl');
  const { error } = await client.from('visa_applications').insert({
    visa_type: 'Business Visa', name: `${tag} Adaeze Obi`, email, phone: '+234 801 111 2222', dob: '1988-07-09',
    nationality: 'Nigerian', passport_number: 'C7654321', marital_status: 'Married', address: '7 Marina, Lagos',
  });
  if (error) throw error;
  const note = `Called ${tag}: passport copy still missing.`;

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const view = () => admin.row('Visa applications', tag).getByRole('button', { name: /^View/ }).click();
  await view();
  let dialog = page.getByRole('dialog', { name: `Application of ${tag} Adaeze Obi` });
  const timeline = () => dialog.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline()).toHaveCount(1);
  await expect(timeline().first()).toContainText(AFTER_SUBMISSION_TEXTS.received('Submitted'));

  // An empty note is refused with its error tied to the field.
  const field = dialog.getByLabel(AFTER_SUBMISSION_TEXTS.noteLabel);
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(AFTER_SUBMISSION_TEXTS.noteRequired.replace('.', '\\.')));
  await expect(field).toBeFocused();
  await field.fill(note);
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: AFTER_SUBMISSION_TEXTS.noteAdded })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(timeline()).toHaveCount(2);
  await expect(timeline().nth(1)).toContainText(note);
  await expect(timeline().nth(1)).toContainText(`internal note by ${ADMIN_NAME}`);
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved' });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.row('Visa applications', tag).locator('td[data-column="status"]')).toHaveText('Approved');
  await view();
  dialog = page.getByRole('dialog', { name: `Application of ${tag} Adaeze Obi` });
  await expect(timeline()).toHaveCount(3);
  await expect(timeline().nth(2)).toContainText(`${AFTER_SUBMISSION_TEXTS.statusChanged('Submitted', 'Approved')} by ${ADMIN_NAME}`);

  // The applicant, in a browser of their own, sees the change and never the note.
  const context = await browser.newContext();
  const applicant = await context.newPage();
  await logInThroughForm(applicant, email, TEST_PASSWORD, '/profile');
  const card = applicant.getByRole('region', { name: /^Business Visa, submitted / });
  await expect(card.locator('.application-card__header .badge')).toHaveText('Approved');
  const history = card.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.historyTitle });
  await expect(history.getByRole('listitem')).toHaveText([
    new RegExp(AFTER_SUBMISSION_TEXTS.received('Submitted')),
    new RegExp(AFTER_SUBMISSION_TEXTS.statusChanged('Submitted', 'Approved')),
  ]);
  await expect(applicant.getByText(note)).toHaveCount(0);
  await expect(applicant.getByText(ADMIN_NAME)).toHaveCount(0);
  expect(await axeViolations(applicant)).toEqual([]);
  // Row-level security: the applicant cannot read the note through the API either.
  const { data: notes } = await client.from('application_notes').select('body');
  expect(notes).toEqual([]);
  await context.close();
});
