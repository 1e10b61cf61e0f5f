// The dashboard with the network cut: a list that cannot load says so and retries, and each
// delete that cannot reach the server says which kind of row it failed to delete.
import { ADMIN_TEXTS, adminDeleteFailed } from '../../support/spec-texts.ts';
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, createUser, serviceClient, uniqueEmail } from '../support/backend.ts';
import { AdminPage, axeViolations, expect, seedApplications, signIn, uniqueTag, type SectionTitle } from './admin.po.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ allowedConsoleErrors: [/Failed to load resource/] });

test.beforeEach(async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
});

test('a list that cannot load shows the failure and a Retry that loads it', async ({ page }) => {
  const LIST = /\/rest\/v1\/visa_applications\?/;
  await page.route(LIST, (route) => route.abort('internetdisconnected'));
  const admin = new AdminPage(page);
  await admin.open('?part=applications');
  const failure = admin.section('Visa applications').getByRole('alert');
  await expect(failure.getByText(ADMIN_TEXTS.loadFailed, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute(LIST);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(admin.rows('Visa applications').first()).toBeVisible();
  await expect(failure).toHaveCount(0);
});

const DELETES: { title: SectionTitle; noun: string; url: RegExp; seed: (tag: string) => Promise<string> }[] = [
  { title: 'Visa applications', noun: 'application', url: /\/rest\/v1\/visa_applications\?/, seed: async (tag) => (await seedApplications(tag, 1), tag) },
  {
    title: 'Bookings',
    noun: 'booking',
    url: /\/rest\/v1\/bookings\?/,
    seed: async (tag) => {
      const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      await (await serviceClient()).from('bookings').insert({ full_name: `${tag} B`, phone: '+234 800 000 0003', email: `${tag}@example.com`, country: 'UK', date, time: '09:30' });
      return tag;
    },
  },
  {
    title: 'Contact messages',
    noun: 'message',
    url: /\/rest\/v1\/contact_messages\?/,
    seed: async (tag) => {
      await (await serviceClient()).from('contact_messages').insert({ name: `${tag} W`, email: `${tag}@example.com`, subject: 'Hi', phone: '+234 800 000 0004', message: 'Hello', page: '/contact' });
      return tag;
    },
  },
  {
    title: 'Newsletter subscribers',
    noun: 'subscriber',
    url: /\/rest\/v1\/newsletter_subscribers\?/,
    seed: async (tag) => {
      await (await serviceClient()).from('newsletter_subscribers').insert({ email: `${tag}@example.com` });
      return tag;
    },
  },
  { title: 'Users', noun: 'user', url: /\/rest\/v1\/rpc\/admin_delete_user/, seed: async () => { const email = uniqueEmail('kept'); await createUser(email); return email; } },
];

for (const list of DELETES) {
  test(`a ${list.noun} delete that cannot reach the server says '${adminDeleteFailed(list.noun)}' and keeps the row`, async ({ page }) => {
    const term = await list.seed(uniqueTag('fd'));
    const admin = new AdminPage(page);
    await admin.open();
    await admin.search(list.title, term);
    await expect(admin.row(list.title, term)).toBeVisible();
    // Only the delete is cut: reads of the list still work.
    await page.route(list.url, (route) => (['DELETE', 'POST'].includes(route.request().method()) ? route.abort('internetdisconnected') : route.fallback()));
    await admin.row(list.title, term).getByRole('button', { name: /^Delete/ }).click();
    await admin.confirmDialog().getByRole('button', { name: `Delete ${list.noun}` }).click();
    await expect(admin.toast(adminDeleteFailed(list.noun))).toBeVisible();
    await expect(admin.row(list.title, term)).toBeVisible();
  });
}
