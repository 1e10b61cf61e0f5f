// What the CMS tells an editor is what the site does, tried as an editor on their machine
// (`npm start`: decap-server saves to a temporary copy of the content, and each save rebuilds the
// site, ./workspace.ts with `watch`):
// - a new news item gets the next free number, shown and never typed; a date typed stays the day
//   typed, and a year outside the schema's range is refused before saving; the list shows each
//   item's date, number and draft or scheduled mark, newest first, and a draft never reads "Published";
// - a number another entry uses (a file edited by hand) is refused before saving, naming the other
//   entry; the build that file broke shows in the CMS with its reason, and fixing it in the CMS
//   makes the site live again;
// - an entry opened by its address while another is open shows its own content.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { consultancyToday } from '../../../common/domain.ts';
import { openWorkspace, type Workspace } from './workspace.ts';

let workspace: Workspace;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  workspace = await openWorkspace({ watch: true });
});
test.afterAll(async () => workspace?.close());

/** A rebuild takes a minute or two on a busy machine. */
const BUILD_MS = 240_000;

async function signIn(page: Page, hash = 'collections/news') {
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'News' }).first().waitFor({ timeout: 60_000 });
  await page.goto(`${workspace.siteUrl}/cms/#/${hash}`);
}

async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
}

/** A day a week after today in Lagos: YYYY-MM-DD, and as typed into a US-English date input. */
function nextWeek(): { iso: string; typed: string } {
  const day = new Date(`${consultancyToday()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  const iso = day.toISOString().slice(0, 10);
  const [year, month, date] = iso.split('-');
  return { iso, typed: `${month}${date}${year}` };
}

test('a new news item: the number is given, the typed date kept, a wrong year refused; the list marks the draft', async ({ page }) => {
  test.setTimeout(180_000);
  const picture = join(workspace.dir, 'abuja-office.png');
  await sharp({ create: { width: 96, height: 64, channels: 3, background: '#0f5a43' } }).png().toFile(picture);
  await signIn(page, 'collections/news/new');

  // The shipped items are numbered 1 to 3: the new one is 4, shown, with nothing to type.
  await expect(page.getByLabel('Id', { exact: true })).toHaveText('4', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Id' })).toHaveCount(0);

  await page.getByLabel('Title').fill('Our new office in Abuja');
  await page.getByLabel('Teaser').fill('From March we welcome clients in Abuja too: the same team, closer to you.');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByLabel('Description (alt text)').fill('The front door of the Abuja office');
  await page.getByLabel('Draft').click();

  // 12061906 is typed for 6 Dec 1906: kept as typed, and refused for its year.
  const date = page.getByLabel('Publication date');
  await date.focus();
  await page.keyboard.type('12061906');
  await expect(date).toHaveValue('1906-12-06');
  await publish(page);
  await expect(page.getByText(/Publication date: 6 Dec 1906 is outside the years this site publishes \(2000 to 2099\)/)).toBeVisible();

  const { iso, typed } = nextWeek();
  await date.focus();
  await page.keyboard.type(typed);
  await expect(date).toHaveValue(iso);
  await publish(page);

  // Saved, not "Published": a draft is not on the site.
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Published', { exact: true })).toHaveCount(0);
  const file = join(workspace.content, 'news', 'our-new-office-in-abuja.mdx');
  await expect.poll(() => readFileSync(file, 'utf8').match(/^(id|published|draft): .*$/gm), { timeout: 15_000 }).toEqual(['id: 4', `published: ${iso}`, 'draft: true']);

  await page.goto(`${workspace.siteUrl}/cms/#/collections/news`);
  const lines = page.locator('a[href*="/collections/news/entries/"] h2');
  await expect(lines.first()).toHaveText(`${iso} · No. 4 · Our new office in Abuja · Draft: not on the site · Scheduled: on the site from that day`, { timeout: 30_000 });
  await expect(lines).toHaveText([/^\d{4}-\d\d-\d\d · No\. 4 /, /^2024-09-18 · No\. 3 /, /^2024-06-04 · No\. 2 /, /^2024-03-12 · No\. 1 /]);
});

test('a number another entry uses is refused before saving; the build it broke shows in the CMS with its reason', async ({ page }) => {
  test.setTimeout(2 * BUILD_MS + 60_000);
  // A developer copies an article by hand and forgets to renumber it.
  const original = readFileSync(join(workspace.content, 'news', 'success-stories.mdx'), 'utf8');
  writeFileSync(join(workspace.content, 'news', 'success-stories-2025.mdx'), original.replace('three families, three routes', 'three more families'));

  await signIn(page);
  const status = page.getByRole('status').filter({ hasText: /Live|Publishing|Not published/ });
  await expect(status).toContainText('Not published: the last build failed', { timeout: BUILD_MS });
  // The build's own line, naming both files (in the order the build met them).
  await expect(status).toContainText(/Why: id 3 is used twice, by content\/news\/success-stories(-2025)?\.mdx and by content\/news\/success-stories(-2025)?\.mdx/);

  // In the CMS, that entry cannot be saved as it is, and is offered the next free number.
  await page.goto(`${workspace.siteUrl}/cms/#/collections/news/entries/success-stories-2025`);
  await expect(page.getByLabel('Title')).toHaveValue('Success stories: three more families', { timeout: 30_000 });
  await page.getByLabel('Title').fill('Success stories: three more families, three more routes');
  await publish(page);
  await expect(page.getByText(/^Id: 3 is also the number of “Success stories: three families, three routes”; each entry needs its own\. Use \d+, the next free number\.$/)).toBeVisible();
  await page.getByRole('button', { name: /^Give it \d+, the next free number$/ }).click();
  const saved = Date.now();
  await publish(page);
  await expect.poll(() => readFileSync(join(workspace.content, 'news', 'success-stories-2025.mdx'), 'utf8'), { timeout: 15_000 }).toMatch(/^id: [45]$/m);
  await expect(status).toContainText('Live: the site is up to date', { timeout: BUILD_MS });
  console.log(`From "Publish" to live: ${((Date.now() - saved) / 60_000).toFixed(1)} minutes`);
});

test('an entry opened by its address while another is open shows its own content', async ({ page }) => {
  // Decap's script loads twice here (the entry is reloaded): slow on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'collections/news/entries/success-stories');
  await expect(page.getByLabel('Title')).toHaveValue(/^Success stories: three families/, { timeout: 30_000 });
  // A colleague's link, pasted into the same tab.
  await page.goto(`${workspace.siteUrl}/cms/#/collections/news/entries/visa-interview-tips`);
  await expect(page.getByLabel('Title')).toHaveValue('Preparing for your US visa interview in Lagos', { timeout: 30_000 });
  await expect(page.getByLabel('markdown field').getByRole('textbox')).toContainText('Most US visitor visa (B1/B2) interviews');
  await expect(page.getByLabel('Teaser')).toHaveValue(/^The consular interview lasts only a few minutes/);
});
