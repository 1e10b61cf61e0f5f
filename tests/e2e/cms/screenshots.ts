// The screenshots of docs/content.md's walk-through, taken in the CMS as an editor sees it at
// 1,350 pixels wide, on a temporary copy of the content that rebuilds after each change
// (./workspace.ts). Run after changing the CMS: `node tests/e2e/cms/screenshots.ts` (writes
// docs/images/cms-*.png, small palette PNGs).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium.ts';
import { openWorkspace } from './workspace.ts';

const DOCS = resolve(import.meta.dirname, '../../../docs/images');

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  const png = await page.screenshot();
  await sharp(png).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(join(DOCS, `cms-${name}.png`));
  console.log(`docs/images/cms-${name}.png`);
}

const workspace = await openWorkspace({ watch: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
/** The pictures only (`node tests/e2e/cms/screenshots.ts pictures`): the screens of the picture guard, the media library, key facts and the settings preview. */
const only = process.argv[2];
try {
  // Each step in a page of its own, signed in: the examples are left unsaved.
  const open = async (hash: string) => {
    const page = await browser.newPage({ viewport: { width: 1350, height: 800 } });
    await page.goto(`${workspace.siteUrl}/cms/`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'News' }).first().waitFor();
    await page.goto(`${workspace.siteUrl}/cms/#/${hash}`);
    return page;
  };
  const picture = join(workspace.dir, 'new-office.png');
  await sharp({ create: { width: 640, height: 400, channels: 3, background: '#0f5a43' } }).png().toFile(picture);

  let page: Page;
  if (only !== 'pictures') {
  // A draft dated ahead, so the list shows both marks.
  const draft = readFileSync(join(workspace.content, 'news', 'success-stories.mdx'), 'utf8')
    .replace('id: 3', 'id: 4')
    .replace('three families, three routes', 'our Abuja office opens')
    .replace(/^published: .*$/m, 'published: 2099-03-02\ndraft: true');
  writeFileSync(join(workspace.content, 'news', 'abuja-office.mdx'), draft);

  page = await open('collections/news');
  await page.getByText('Scheduled').first().waitFor({ timeout: 30_000 });
  await shot(page, '1-news-list');

  page = await open('collections/news/new');
  await page.getByLabel('Id', { exact: true }).getByText('5').waitFor();
  await page.getByLabel('Title').fill('Our new office in Abuja');
  await page.getByLabel('Teaser').fill('From March we welcome clients in Abuja too: the same team, the same checklists, closer to you.');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByLabel('Description (alt text)').fill('The front door of the Abuja office');
  const body = page.getByLabel('markdown field').getByRole('textbox');
  await body.click();
  await page.keyboard.type('Our Abuja office opens on 2 March at 12 Aguiyi Ironsi Street, Maitama.');
  await shot(page, '2-news-item');

  await page.getByLabel('Publication date').fill('2027-03-02');
  await page.getByLabel('Publication date').scrollIntoViewIfNeeded();
  await shot(page, '3-schedule');

  page = await open('collections/visas/entries/business-visa');
  await page.locator('iframe').first().contentFrame().getByText('Documents to attach').waitFor();
  await shot(page, '5-preview');

  // A news item copied by hand with its number: the build fails, and the CMS says so and why.
  const copy = readFileSync(join(workspace.content, 'news', 'visa-interview-tips.mdx'), 'utf8').replace('Preparing for your US visa interview', 'Your US visa interview');
  writeFileSync(join(workspace.content, 'news', 'interview-again.mdx'), copy);
  page = await open('collections/news/entries/interview-again');
  await page.getByText('Not published: the last build failed').waitFor({ timeout: 300_000 });
  await page.getByLabel('Title').fill('Your US visa interview in Lagos, again');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now').click();
  await page.getByText(/Id: 1 is also the number of/).first().waitFor();
  await shot(page, '6-publish-failed');
  }

  page = await open('collections/settings/entries/settings');
  await page.locator('iframe').first().contentFrame().getByText('The footer of every page').waitFor();
  await shot(page, '4-site-settings');

  // A 6000 x 4000 photo: scaled down before it is stored, and the editor told.
  const photo = join(workspace.dir, 'abuja-office.jpg');
  await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#2a6f97' } }).jpeg().toFile(photo);
  page = await open('collections/news/new');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.getByText('success.webp').waitFor();
  await shot(page, '6-media-library');
  await page.locator('input[type="file"]').setInputFiles(photo);
  await page.getByRole('status').filter({ hasText: 'resized to' }).waitFor();
  await shot(page, '7-photo-resized');

  page = await open('collections/visas/entries/business-visa');
  await page.getByText('Key facts').first().scrollIntoViewIfNeeded();
  await shot(page, '8-key-facts');
} finally {
  await browser.close();
  await workspace.close();
}
