// One time zone for whoever reads a time of the consultancy's: a browser set to New York reads
// the applicant's card and history, and the admin's case, in Lagos time (WAT), for events at 00:30
// and 23:30 WAT, where New York is still on the day before or already on the next hour's day.
// The status changes' times come from the database's clock, so the browser's answers are given
// those two instants (the page formats what it reads; that formatting is what is tested).
import type { BrowserContext } from '@playwright/test';
import { SEEDED_ADMIN, createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { AdminPage, signIn } from '../admin/admin.po.ts';
import { expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from './account.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
test.use({ timezoneId: 'America/New_York' });

// 00:30 WAT on 3 March (18:30 on 2 March in New York) and 23:30 WAT on 3 March (17:30 in New York).
const AT_0030 = '2026-03-02T23:30:00.000Z';
const AT_2330 = '2026-03-03T22:30:00.000Z';

/** Answers the reads of status changes with the two instants above, oldest first. */
async function changesAt(context: BrowserContext) {
  await context.route(/\/rest\/v1\/application_status_changes\?/, async (route) => {
    const response = await route.fetch();
    const rows = (await response.json()) as { changed_at: string }[];
    const instants = [AT_0030, AT_2330];
    await route.fulfill({ response, json: rows.map((row, i) => ({ ...row, changed_at: instants[i] ?? row.changed_at })) });
  });
}

test('the card, its history and the admin read 00:30 and 23:30 WAT as Lagos times, whatever the browser zone', async ({ page, context }) => {
  const email = uniqueEmail('lagos');
  const userId = await createUser(email);
  const service = await serviceClient();
  const { data, error } = await service
    .from('visa_applications')
    .insert({
      user_id: userId, visa_type: 'Tourist Visa', submitted_at: AT_0030, name: 'Bisi Lawal', email, phone: '+234 803 123 4567',
      dob: '1995-04-12', nationality: 'Nigerian', passport_number: 'A7654321', marital_status: 'Single', address: '3 Allen Avenue',
    })
    .select('id')
    .single();
  if (error) throw error;
  const { error: changed } = await service.from('visa_applications').update({ status: 'in_review' }).eq('id', data.id);
  if (changed) throw changed;
  await changesAt(context);

  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  // In New York it is still 2 March; the consultancy's day is the 3rd.
  const card = page.getByRole('region', { name: 'Tourist Visa, submitted 3 March 2026' });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Reference ${(data.id as string).slice(0, 8).toUpperCase()}`)).toBeVisible();
  await expect(card.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveText([
    /^3 Mar 2026, 00:30 WAT: /,
    /^3 Mar 2026, 23:30 WAT: /,
  ]);

  // Staff, in a New York browser too, read the same times, and the date of birth as a date.
  // The applicant is done: their page closes before staff look, so none of its reads runs on with a
  // session taken from under it (a 401 the page would log).
  await page.goto('about:blank');
  const staff = await context.browser()!.newContext({ timezoneId: 'America/New_York' });
  await changesAt(staff);
  const staffPage = await staff.newPage();
  await signIn(staffPage, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(staffPage);
  await admin.open(`?application=${data.id as string}`);
  const caseView = admin.caseView('Bisi Lawal');
  await expect(caseView.locator('[data-field="submitted_at"] dd')).toHaveText('3 Mar 2026, 00:30 WAT');
  await expect(caseView.locator('[data-field="dob"] dd')).toHaveText('12 Apr 1995');
  await expect(caseView.getByRole('region', { name: 'Timeline' }).locator('time')).toHaveText(['3 Mar 2026, 00:30 WAT', '3 Mar 2026, 23:30 WAT']);
  await staff.close();
});
