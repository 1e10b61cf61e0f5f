// The lists: a part each, reached from the navigation at its own address, paging on the server, sorting,
// search, the application filters, and a URL that brings back the same view.
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN } from '../support/backend.ts';
import { AdminPage, expect, axeViolations, seedApplications, signIn, uniqueTag, type SectionTitle } from './admin.po.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
});

const PARTS: [SectionTitle, string][] = [
  ['Visa applications', 'applications'],
  ['Bookings', 'bookings'],
  ['Contact messages', 'messages'],
  ['Newsletter subscribers', 'subscribers'],
  ['Users', 'users'],
];

test('the navigation opens each part at its own address; back, forward and reload show the same part', async ({ page }) => {
  const admin = new AdminPage(page);
  await admin.open();
  for (const [title, id] of PARTS) {
    await admin.openSection(title);
    await expect(admin.table(title)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('part')).toBe(id);
  }
  // One list at a time: the part shown is the only table.
  await expect(page.getByRole('table')).toHaveCount(1);
  await page.reload();
  await expect(admin.partLink('Users')).toHaveAttribute('aria-current', 'page');
  await expect(admin.table('Users')).toBeVisible();
  await page.goBack();
  await expect(admin.partLink('Newsletter subscribers')).toHaveAttribute('aria-current', 'page');
  await expect(admin.table('Newsletter subscribers')).toBeVisible();
  await page.goForward();
  await expect(admin.table('Users')).toBeVisible();
});

test('pages through search results on the server, 25 at a time or 50, and keeps the view in the URL', async ({ page }) => {
  const tag = uniqueTag('pg');
  await seedApplications(tag, 30);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const section = admin.section('Visa applications');

  // Newest first: the 30th is on top, the 6th ends page 1.
  await expect(section.getByText('Showing 1–25 of 30')).toBeVisible();
  await expect(admin.rows('Visa applications')).toHaveCount(25);
  await expect(admin.column('Visa applications', 'name').first()).toHaveText(`${tag} 030`);
  await section.getByRole('button', { name: 'Next page' }).click();
  await expect(section.getByText('Showing 26–30 of 30')).toBeVisible();
  await expect(admin.column('Visa applications', 'name')).toHaveText([5, 4, 3, 2, 1].map((n) => `${tag} 00${n}`));
  await expect(section.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(new URL(page.url()).searchParams.get('applications.page')).toBe('2');
  expect(new URL(page.url()).searchParams.get('applications.q')).toBe(tag);

  // A reload (or the same link elsewhere) shows the same page of the same search.
  await page.reload();
  await expect(section.getByText('Showing 26–30 of 30')).toBeVisible();
  await expect(section.getByRole('searchbox')).toHaveValue(tag);

  await section.getByRole('button', { name: 'Previous page' }).click();
  await expect(section.getByText('Showing 1–25 of 30')).toBeVisible();
  await section.getByLabel('Rows per page').selectOption('50');
  await expect(section.getByText('Showing 1–30 of 30')).toBeVisible();
  await expect(admin.rows('Visa applications')).toHaveCount(30);
  expect(new URL(page.url()).searchParams.get('applications.size')).toBe('50');
});

test('Next and Previous read each page by the key of the row it follows or precedes, kept in the URL', async ({ page }) => {
  const tag = uniqueTag('ky');
  await seedApplications(tag, 60);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const section = admin.section('Visa applications');
  const names = admin.column('Visa applications', 'name');
  const param = (name: string) => new URL(page.url()).searchParams.get(`applications.${name}`);
  await expect(section.getByText('Showing 1–25 of 60')).toBeVisible();
  await section.getByRole('button', { name: 'Next page' }).click();
  await expect(section.getByText('Showing 26–50 of 60')).toBeVisible();
  await expect(names.first()).toHaveText(`${tag} 035`);
  await expect(names.last()).toHaveText(`${tag} 011`);
  // After the 25th row: its time and id.
  expect(param('after')).toMatch(/\|[0-9a-f-]{36}$/);
  await section.getByRole('button', { name: 'Next page' }).click();
  await expect(section.getByText('Showing 51–60 of 60')).toBeVisible();
  await expect(names).toHaveCount(10);
  await expect(names.first()).toHaveText(`${tag} 010`);
  // Back a page: the 25 rows before the 51st, in the list's order.
  await section.getByRole('button', { name: 'Previous page' }).click();
  await expect(section.getByText('Showing 26–50 of 60')).toBeVisible();
  await expect(names.first()).toHaveText(`${tag} 035`);
  await expect(names.last()).toHaveText(`${tag} 011`);
  expect(param('before')).toMatch(/\|[0-9a-f-]{36}$/);
  expect(param('after')).toBeNull();
  // The link reads the same page by the same key.
  await page.reload();
  await expect(section.getByText('Showing 26–50 of 60')).toBeVisible();
  await expect(names.first()).toHaveText(`${tag} 035`);
  // Any other change starts again from the first page, without a key.
  await section.getByLabel('Rows per page').selectOption('50');
  await expect(section.getByText('Showing 1–50 of 60')).toBeVisible();
  expect(param('before')).toBeNull();
});

// How fast the table renders such a page is a figure of `npm run bench` (tests/bench/lib/admin-render.ts).
test('a 100-row page set in the URL pages to the end of a search and back, and a narrower search finds its ten', async ({ page }) => {
  const tag = uniqueTag('rt');
  await seedApplications(tag, 120);
  const admin = new AdminPage(page);
  await admin.open('?applications.size=100');
  const section = admin.section('Visa applications');
  await admin.search('Visa applications', tag);
  await expect(section.getByText('Showing 1–100 of 120')).toBeVisible();
  await expect(admin.rows('Visa applications')).toHaveCount(100);
  await section.getByRole('button', { name: 'Next page' }).click();
  await expect(section.getByText('Showing 101–120 of 120')).toBeVisible();
  await section.getByRole('button', { name: 'Previous page' }).click();
  await expect(section.getByText('Showing 1–100 of 120')).toBeVisible();
  await section.getByRole('searchbox').fill(`${tag} 05`);
  await section.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(section.getByText('Showing 1–10 of 10')).toBeVisible();
});

test('sorts by a column, announces it, and reverses on a second click', async ({ page }) => {
  const tag = uniqueTag('so');
  await seedApplications(tag, 4, (i) => ({ name: `${tag} ${['delta', 'Alpha', 'charlie', 'Bravo'][i]}` }));
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const table = admin.table('Visa applications');
  await expect(admin.rows('Visa applications')).toHaveCount(4);

  const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  // Letter case is ignored, as people expect.
  await expect(table.locator('td[data-column="name"]')).toHaveText(['Alpha', 'Bravo', 'charlie', 'delta'].map((n) => `${tag} ${n}`));
  await expect(table.locator('caption')).toContainText('sorted by Name, ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('td[data-column="name"]')).toHaveText(['delta', 'charlie', 'Bravo', 'Alpha'].map((n) => `${tag} ${n}`));
  expect(new URL(page.url()).searchParams.get('applications.sort')).toBe('name_lower.desc');

  await page.reload();
  await expect(table.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.locator('td[data-column="name"]').first()).toHaveText(`${tag} delta`);
});

test('searches by name, email, passport number or reference, from the start and ignoring case', async ({ page }) => {
  const tag = uniqueTag('se');
  await seedApplications(tag, 3, (i) => ({
    name: [`${tag} Ngozi Eze`, `Kofi ${tag}`, `Ife ${tag}`][i],
    email: [`${tag}.a@example.com`, `kofi.${tag}@example.com`, `ife.${tag}@example.com`][i],
    passport_number: [`X${tag}1`, `Y${tag}2`, `Z${tag.toUpperCase()}3`][i],
  }));
  const admin = new AdminPage(page);
  await admin.open();

  await admin.search('Visa applications', tag.toUpperCase());
  await expect(admin.rows('Visa applications')).toHaveText([new RegExp(`${tag} Ngozi Eze`)]);
  await admin.search('Visa applications', `KOFI.${tag}`);
  await expect(admin.rows('Visa applications')).toHaveText([new RegExp(`Kofi ${tag}`)]);
  await admin.search('Visa applications', `z${tag}`);
  await expect(admin.rows('Visa applications')).toHaveText([new RegExp(`Ife ${tag}`)]);
  // LIKE's wildcards are taken literally.
  await admin.search('Visa applications', `${tag}%`);
  await expect(admin.section('Visa applications').getByText('No matching entries.')).toBeVisible();
  await admin.section('Visa applications').getByRole('button', { name: 'Clear search' }).click();
  // The address bar changes through history.replaceState, which the test hears of by a message of
  // its own (not the click's answer), so it is waited for.
  await expect(page).toHaveURL((url) => !url.searchParams.has('applications.q'));
});

test('filters applications by status and visa type, and the filters survive a reload', async ({ page }) => {
  const tag = uniqueTag('fi');
  await seedApplications(tag, 4, (i) => ({
    status: ['approved', 'approved', 'rejected', 'submitted'][i],
    visa_type: ['Business Visa', 'Tourist Visa', 'Business Visa', 'Business Visa'][i],
  }));
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const section = admin.section('Visa applications');
  await expect(admin.rows('Visa applications')).toHaveCount(4);

  await section.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved' });
  await expect(admin.rows('Visa applications')).toHaveCount(2);
  await section.getByLabel('Visa type').selectOption('Business Visa');
  await expect(admin.rows('Visa applications')).toHaveCount(1);
  await expect(admin.rows('Visa applications')).toContainText([`${tag} 001`]);
  const url = new URL(page.url());
  expect(url.searchParams.get('applications.status')).toBe('approved');
  expect(url.searchParams.get('applications.visa_type')).toBe('Business Visa');

  // The same link in a new tab shows the same view.
  const copy = await page.context().newPage();
  const again = new AdminPage(copy);
  await again.open(url.search);
  await expect(again.rows('Visa applications')).toHaveCount(1);
  await expect(again.section('Visa applications').getByLabel('Status', { exact: true })).toHaveValue('approved');
  await copy.close();
});

test('every list searches and shows its rows', async ({ page }) => {
  const tag = uniqueTag('li');
  const { serviceClient } = await import('../support/backend.ts');
  const service = await serviceClient();
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await service.from('bookings').insert({ full_name: `${tag} Booker`, phone: '+234 800 000 0003', email: `${tag}@example.com`, country: 'UK', date, time: '09:30' });
  await service.from('contact_messages').insert({ name: `${tag} Writer`, email: `${tag}@example.com`, subject: 'Fees', phone: '+234 800 000 0004', message: 'How much?', page: '/contact' });
  await service.from('newsletter_subscribers').insert({ email: `${tag}@example.com` });
  const admin = new AdminPage(page);
  await admin.open();
  for (const [title, text] of [
    ['Bookings', `${tag} Booker`],
    ['Contact messages', `${tag} Writer`],
    ['Newsletter subscribers', `${tag}@example.com`],
  ] as [SectionTitle, string][]) {
    await admin.search(title, tag);
    await expect(admin.rows(title)).toHaveText([new RegExp(text)]);
  }
  await admin.search('Users', SEEDED_ADMIN.email);
  await expect(admin.rows('Users')).toHaveText([new RegExp(SEEDED_ADMIN.email)]);
  expect(await axeViolations(page)).toEqual([]);
});
