// The content editor (/cms/, Decap CMS) as an editor uses it on their machine (`npm start`):
// decap-server saves to a temporary copy of the content, so the shipped news is never touched.
// Editing a news item's title and body and giving it a new picture changes those lines of its
// file and no other, puts the picture beside the others, and the rebuilt page shows all three;
// replacing a picture empties its alt text and asks for the new picture's, refusing to save until
// it is written; a value the schema refuses is refused before saving, naming its field; changing the phone number
// changes that line of site.json and keeps the fields the CMS does not offer (timings, copyright year);
// raising the privacy notice's version changes that line of its file.
// (The office hours are not content: staff set them in /admin, tests/e2e/admin/weekly-hours.spec.ts.)
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { openWorkspace, type Workspace } from './workspace.ts';

const NEWS = 'success-stories';
let workspace: Workspace;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  workspace = await openWorkspace();
});
test.afterAll(async () => workspace?.close());

const newsFile = () => join(workspace.content, 'news', `${NEWS}.mdx`);

async function openNewsItem(page: import('@playwright/test').Page) {
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${workspace.siteUrl}/cms/#/collections/news/entries/${NEWS}`);
  // Decap's script is large: on a busy machine the first entry takes a while to show.
  await expect(page.getByLabel('Title')).toHaveValue(/Success stories/, { timeout: 30_000 });
}

async function publish(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
}

test('an editor changes a news item in the CMS and the rebuilt page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const before = readFileSync(newsFile(), 'utf8');
  const picture = join(workspace.dir, 'team-award.png');
  await sharp({ create: { width: 96, height: 64, channels: 3, background: '#0f5a43' } }).png().toFile(picture);

  await openNewsItem(page);
  await page.getByLabel('Title').fill('Success stories: four families, four routes');
  // The body's Markdown box (an editable text box, not tied to its label): a new first paragraph.
  const body = page.getByLabel('markdown field').getByRole('textbox');
  await body.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('A new first paragraph from the CMS.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Choose different image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByLabel('Description (alt text)').fill('The team holding their award on stage');
  await publish(page);

  // The four changed lines and nothing else (polled: decap-server writes the file in steps).
  const expected = before
    .replace('title: "Success stories: three families, three routes"', 'title: "Success stories: four families, four routes"')
    .replace('src: ../images/news/success.webp', 'src: ../images/news/team-award.png')
    .replace('alt: A gold trophy on a navy base against a dusk sky', 'alt: The team holding their award on stage')
    .replace('---\n\nBehind every', '---\n\nA new first paragraph from the CMS.\n\nBehind every');
  await expect.poll(() => readFileSync(newsFile(), 'utf8'), { timeout: 15_000 }).toBe(expected);
  // The picture is its own request to decap-server, which may land after the entry's.
  await expect.poll(() => existsSync(join(workspace.content, 'images', 'news', 'team-award.png')), { timeout: 15_000 }).toBe(true);

  await workspace.rebuild();
  await page.goto(`${workspace.siteUrl}/news/${NEWS}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Success stories: four families, four routes');
  await expect(page.getByText('A new first paragraph from the CMS.')).toBeVisible();
  await expect(page.locator('.article__image img, img.article__image').first()).toHaveAttribute('src', /team-award/);
});

test("replacing a picture empties its alt text and asks for the new picture's; saving is refused until it is written", async ({ page }) => {
  test.setTimeout(120_000);
  const before = readFileSync(newsFile(), 'utf8');
  const picture = join(workspace.dir, 'visa-interview.png');
  await sharp({ create: { width: 96, height: 64, channels: 3, background: '#7a2e1f' } }).png().toFile(picture);

  await openNewsItem(page);
  const alt = page.getByLabel('Description (alt text)');
  const old = /alt: (.+)/.exec(before)![1]!;
  await expect(alt).toHaveValue(old);
  await expect(page.getByText('Describe the new picture', { exact: false })).toHaveCount(0);

  await page.getByRole('button', { name: 'Choose different image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  // The previous picture's description is gone, and the field says why, tied to the input.
  await expect(alt).toHaveValue('');
  await expect(alt).toHaveAccessibleDescription('Describe the new picture: the description of the previous one was removed.');
  await expect(page.getByRole('status').filter({ hasText: 'Describe the new picture' })).toBeVisible();

  await publish(page).catch(() => undefined);
  // The innermost field box around the input: the alt text's own, not the picture's around it.
  await expect(page.locator('[class*="ControlContainer"]', { has: alt }).last()).toContainText('Description (alt text) is required.');
  expect(readFileSync(newsFile(), 'utf8')).toBe(before);

  await alt.fill('An officer reading a visa file across a desk');
  await expect(page.getByRole('status').filter({ hasText: 'Describe the new picture' })).toHaveCount(0);
  await publish(page);
  const expected = before
    .replace(/src: \.\.\/images\/news\/\S+/, 'src: ../images/news/visa-interview.png')
    .replace(`alt: ${old}`, 'alt: An officer reading a visa file across a desk');
  await expect.poll(() => readFileSync(newsFile(), 'utf8'), { timeout: 15_000 }).toBe(expected);
});

test('a value the schema refuses is refused before saving, naming its field', async ({ page }) => {
  const before = readFileSync(newsFile(), 'utf8');
  await openNewsItem(page);
  await page.getByLabel('Title').fill('Hi');
  await publish(page).catch(() => undefined);
  // In the editor's words, once (not Decap's "didn't match the pattern: …..").
  await expect(page.getByText('Title: Must be at least 5 characters.', { exact: true })).toBeVisible();
  // The error sits with the field it is about.
  await expect(page.locator('[class*="ControlContainer"]', { has: page.getByLabel('Title') })).toContainText('Title: Must be at least 5 characters.');
  expect(readFileSync(newsFile(), 'utf8')).toBe(before);
});

test('changing the phone number changes that line of site.json only; the fields not offered stay as they are', async ({ page }) => {
  const file = join(workspace.content, 'site.json');
  const before = readFileSync(file, 'utf8');
  const phone = JSON.parse(before).contact.phone as string;
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${workspace.siteUrl}/cms/#/collections/settings/entries/settings`);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(phone, { timeout: 30_000 });
  await expect(page.getByLabel('Copyright year')).toHaveCount(0);
  await expect(page.getByLabel('Office hours')).toHaveCount(0);
  await page.getByLabel('Phone', { exact: true }).fill('+234 1 280 4418');
  await publish(page);
  const expected = before.replace(JSON.stringify(phone), JSON.stringify('+234 1 280 4418'));
  await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 15_000 }).toBe(expected);
});

test('the privacy notice is edited like the rest: raising its version changes that line of notice.mdx only', async ({ page }) => {
  test.setTimeout(120_000);
  const file = join(workspace.content, 'privacy', 'notice.mdx');
  const before = readFileSync(file, 'utf8');
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${workspace.siteUrl}/cms/#/collections/privacy/entries/notice`);
  const version = page.getByLabel('Version', { exact: true });
  await expect(version).toHaveValue('1.0', { timeout: 30_000 });
  // Its hint says when to raise it, with the schema's shape.
  await expect(page.getByText('Like 1.0; raise it (1.1, 2.0) whenever the notice changes what it says we do.')).toBeVisible();
  await version.fill('1.1');
  await publish(page);
  await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 15_000 }).toBe(before.replace('version: "1.0"', 'version: "1.1"'));
});

test('a photo over 2,400 pixels is resized before it is stored, and the editor is told; a file that is no picture is refused', async ({ page }) => {
  test.setTimeout(120_000);
  const big = join(workspace.dir, 'abuja-office.jpg');
  await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#2a6f97' } }).jpeg().toFile(big);
  const fake = join(workspace.dir, 'not-a-photo.jpg');
  writeFileSync(fake, 'this is text, not a picture');

  await openNewsItem(page);
  await page.getByRole('button', { name: 'Choose different image' }).click();
  await page.locator('input[type="file"]').setInputFiles(fake);
  await expect(page.getByRole('alert').filter({ hasText: 'not-a-photo.jpg' })).toHaveText(/“not-a-photo\.jpg” could not be read as a picture, so it was not uploaded/);
  expect(existsSync(join(workspace.content, 'images', 'news', 'not-a-photo.jpg'))).toBe(false);

  await page.locator('input[type="file"]').setInputFiles(big);
  await expect(page.getByRole('status').filter({ hasText: 'abuja-office.jpg' })).toContainText('was 6000 × 4000 pixels');
  await expect(page.getByRole('status').filter({ hasText: 'abuja-office.jpg' })).toContainText('resized to 2400 × 1600 pixels');
  await page.getByRole('button', { name: 'Choose selected' }).click();
  // The media library has closed (its header has a Close button of its own) before the note is closed.
  await expect(page.getByRole('button', { name: 'Choose selected' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('Description (alt text)').fill('The Abuja office seen from the street');
  await publish(page);
  const stored = join(workspace.content, 'images', 'news', 'abuja-office.jpg');
  await expect.poll(() => existsSync(stored), { timeout: 15_000 }).toBe(true);
  expect(await sharp(stored).metadata()).toMatchObject({ width: 2400, height: 1600 });
});

test("a new entry's media library lists the collection's pictures", async ({ page }) => {
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${workspace.siteUrl}/cms/#/collections/news/new`);
  await page.getByRole('button', { name: 'Choose an image' }).click({ timeout: 30_000 });
  await expect(page.getByText('success.webp')).toBeVisible();
  await expect(page.getByText('No images found')).toHaveCount(0);
});

test("a visa's collapsed key facts each show their own text", async ({ page }) => {
  const visa = readFileSync(join(workspace.content, 'visas', 'business-visa.mdx'), 'utf8');
  const first = /details:\n\s+- "?([^"\n]+)"?/.exec(visa)![1]!;
  await page.goto(`${workspace.siteUrl}/cms/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${workspace.siteUrl}/cms/#/collections/visas/entries/business-visa`);
  await expect(page.getByText(first, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
});
