// What an admin does to a row: read an application and change its status (the applicant sees
// it), delete from every list after a confirmation (Cancel keeps the row), delete a user (who can
// then no longer log in), promote and demote, and never delete or demote themself.
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, createUser, serviceClient, uniqueEmail, TEST_PASSWORD } from '../support/backend.ts';
import { AdminPage, apiSession, axeViolations, expect, seedApplications, signIn, uniqueTag, type SectionTitle } from './admin.po.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
});

test('an application opens with every field, and its new status reaches the applicant', async ({ page }) => {
  const email = uniqueEmail('applicant');
  await createUser(email);
  const { client } = await apiSession(email, TEST_PASSWORD);
  const tag = uniqueTag('st');
  const { data: inserted, error } = await client
    .from('visa_applications')
    .insert({
      visa_type: 'Business Visa', name: `${tag} Adaeze Obi`, email, phone: '+234 801 111 2222', dob: '9 Jul 1988',
      nationality: 'Nigerian', passport_number: 'C7654321', marital_status: 'Married', address: '7 Marina, Lagos', message: 'Trade fair in Berlin',
    })
    .select('id')
    .single();
  if (error) throw error;

  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} Adaeze Obi` });
  for (const text of [email, '+234 801 111 2222', '9 Jul 1988', 'Nigerian', 'C7654321', 'Married', '7 Marina, Lagos', 'Business Visa', 'Trade fair in Berlin', 'Registered user']) {
    await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  }
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Status').selectOption({ label: 'Approved' });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(admin.toast(`Status of ${tag} Adaeze Obi’s application changed to Approved.`)).toBeVisible();
  // The case stays open with its new status; its list shows it too.
  await expect(dialog.getByRole('button', { name: 'Save status' })).toBeDisabled();
  await dialog.getByRole('link', { name: 'Back to applications' }).click();
  await expect(admin.row('Visa applications', tag).locator('td[data-column="status"]')).toHaveText('Approved');

  // The applicant reads their own application (what /profile shows).
  const { data: seen } = await client.from('visa_applications').select('status').eq('id', inserted.id).single();
  expect(seen).toEqual({ status: 'approved' });
});

/** Rows for one delete test: what to seed, where it shows, what the confirmation names. */
const DELETABLE: { title: SectionTitle; noun: string; seed: (tag: string) => Promise<void>; names: (tag: string) => string }[] = [
  {
    title: 'Visa applications',
    noun: 'application',
    seed: async (tag) => void (await seedApplications(tag, 1)),
    names: (tag) => `${tag} 001 (${tag}.1@example.com)`,
  },
  {
    title: 'Bookings',
    noun: 'booking',
    seed: async (tag) => {
      const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      const { error } = await (await serviceClient())
        .from('bookings')
        .insert({ full_name: `${tag} Booker`, phone: '+234 800 000 0003', email: `${tag}@example.com`, country: 'UK', date, time: '09:30' });
      if (error) throw error;
    },
    names: (tag) => `${tag} Booker (${tag}@example.com)`,
  },
  {
    title: 'Contact messages',
    noun: 'message',
    seed: async (tag) => {
      const { error } = await (await serviceClient())
        .from('contact_messages')
        .insert({ name: `${tag} Writer`, email: `${tag}@example.com`, subject: 'Fees', phone: '+234 800 000 0004', message: 'How much?', page: '/contact' });
      if (error) throw error;
    },
    names: (tag) => `“Fees” from ${tag} Writer (${tag}@example.com)`,
  },
  {
    title: 'Newsletter subscribers',
    noun: 'subscriber',
    seed: async (tag) => {
      const { error } = await (await serviceClient()).from('newsletter_subscribers').insert({ email: `${tag}@example.com` });
      if (error) throw error;
    },
    names: (tag) => `${tag}@example.com`,
  },
];

for (const list of DELETABLE) {
  test(`deleting from ${list.title}: the confirmation names the row, Cancel keeps it, Delete removes it`, async ({ page }) => {
    const tag = uniqueTag('de');
    await list.seed(tag);
    const admin = new AdminPage(page);
    await admin.open();
    await admin.search(list.title, tag);
    await expect(admin.rows(list.title)).toHaveCount(1);
    await expect(admin.rows(list.title)).toContainText(tag);

    await admin.rows(list.title).getByRole('button', { name: /^Delete/ }).click();
    const confirm = admin.confirmDialog();
    await expect(confirm).toHaveAccessibleName(`Delete this ${list.noun}?`);
    await expect(confirm).toContainText(list.names(tag));
    await expect(confirm).toContainText('deleted permanently');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.rows(list.title)).toContainText(tag);

    await admin.rows(list.title).getByRole('button', { name: /^Delete/ }).click();
    await admin.confirmDialog().getByRole('button', { name: `Delete ${list.noun}` }).click();
    await expect(admin.toast(`${list.noun[0]!.toUpperCase()}${list.noun.slice(1)} deleted.`)).toBeVisible();
    await expect(admin.section(list.title).getByText('No matching entries.')).toBeVisible();
  });
}

test('deleting a user removes their account: they can no longer log in, their applications stay, erased', async ({ page }) => {
  const email = uniqueEmail('leaving');
  const userId = await createUser(email);
  const tag = uniqueTag('du');
  const [applicationId] = await seedApplications(tag, 1, () => ({ user_id: userId }));
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Users', email);
  await expect(admin.rows('Users')).toHaveCount(1);

  await admin.rows('Users').getByRole('button', { name: /^Delete/ }).click();
  await expect(admin.confirmDialog()).toContainText(`(${email}) will be deleted permanently: they will no longer be able to log in`);
  await admin.confirmDialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.rows('Users')).toContainText(email);
  await admin.rows('Users').getByRole('button', { name: /^Delete/ }).click();
  await admin.confirmDialog().getByRole('button', { name: 'Delete user' }).click();
  await expect(admin.toast('User deleted.')).toBeVisible();
  await expect(admin.section('Users').getByText('No matching entries.')).toBeVisible();

  await expect(apiSession(email, TEST_PASSWORD)).rejects.toThrow(/Invalid login credentials/);
  // Kept as the consultancy's record, without the person (docs/product-decisions.md).
  const { data } = await (await serviceClient()).from('visa_applications').select('user_id, name').eq('id', applicationId!);
  expect(data).toEqual([{ user_id: null, name: 'Erased' }]);
});

test('an admin promotes a user and demotes them again', async ({ page }) => {
  const email = uniqueEmail('rising');
  await createUser(email);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Users', email);
  const row = admin.rows('Users');
  await row.getByRole('button', { name: /^Make admin/ }).click();
  await expect(admin.toast('Test User is now an admin.')).toBeVisible();
  await expect(row.locator('td[data-column="role"]')).toHaveText('Admin');
  await row.getByRole('button', { name: /^Make user/ }).click();
  await expect(admin.toast('Test User is now a user.')).toBeVisible();
  await expect(row.locator('td[data-column="role"]')).toHaveText('User');
});

test('an admin can neither delete nor demote themself, in the dashboard or through the API', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Users', SEEDED_ADMIN.email);
  const own = admin.rows('Users');
  await expect(own.getByRole('button', { name: /^Delete/ })).toBeDisabled();
  await expect(own.getByRole('button', { name: /^Make user/ })).toBeDisabled();

  // The database refuses too, whatever a client sends.
  const { client, session } = await apiSession(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const deleted = await client.rpc('admin_delete_user', { user_id: session.user.id });
  expect(deleted.error?.message).toBe('Administrators cannot delete their own account.');
  const demoted = await client.rpc('admin_set_role', { target_user: session.user.id, new_role: 'user' });
  expect(demoted.error?.message).toBe('Administrators cannot change their own role.');
  const { data } = await (await serviceClient()).from('profiles').select('role').eq('id', session.user.id).single();
  expect(data).toEqual({ role: 'admin' });
});
