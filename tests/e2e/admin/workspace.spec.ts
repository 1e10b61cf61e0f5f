// The admin as staff's workspace: the full width of the screen, one part at a time, nothing that
// scrolls sideways and nothing outside its region at a phone's 412 px and a desktop's 1,350 and
// 1,920 px (a table wider than its part scrolls inside its own region, first column in view);
// an application's case at its own address, which a new tab, back and reload open alike; and the
// reference an applicant quotes, in the list, the case and the search, which lists every match.
import type { Page } from '@playwright/test';
import { SEEDED_ADMIN } from '../support/backend.ts';
import { test } from '../support/fixtures.ts';
import { AdminPage, expect, seedApplications, signIn, uniqueTag, type SectionTitle } from './admin.po.ts';

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
});

const PARTS: SectionTitle[] = ['Visa applications', 'Bookings', 'Contact messages', 'Newsletter subscribers', 'Users'];

/**
 * What sticks out: the page's sideways scroll, and every visible element of the workspace whose box
 * leaves the workspace's (a table's cells may, inside the region that scrolls them, which must not).
 */
function outside(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const workspace = document.querySelector('.admin')!.getBoundingClientRect();
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    if (workspace.left < 0 || workspace.right > root.clientWidth + 0.5) problems.push('the workspace leaves the screen');
    for (const element of document.querySelectorAll('.admin *')) {
      if (element.closest('.admin-table__scroll') !== null && !element.classList.contains('admin-table__scroll')) continue;
      // Text for screen readers only, clipped to nothing by its box.
      if (element.closest('.visually-hidden') !== null) continue;
      const box = element.getBoundingClientRect();
      // Nothing drawn (hidden), or drawn for screen readers only (1 px, clipped).
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left < workspace.left - 0.5 || box.right > workspace.right + 0.5) {
        problems.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return problems;
  });
}

for (const width of [412, 1350, 1920]) {
  test(`at ${width} px every part fits: no sideways scroll, nothing outside its region`, async ({ page }) => {
    const tag = uniqueTag('ws');
    await seedApplications(tag, 3, (i) => ({ address: `${i + 1} ${'Very Long Street Name '.repeat(4)}Lagos` }));
    await page.setViewportSize({ width, height: 900 });
    const admin = new AdminPage(page);
    await admin.open();
    await expect(page.locator('.admin-overview__count').first()).toHaveText(/^\d/);
    expect(await outside(page)).toEqual([]);
    for (const title of PARTS) {
      await admin.openSection(title);
      await expect(admin.rows(title).first()).toBeVisible();
      expect(await outside(page), title).toEqual([]);
    }
    // From a desktop's width the workspace takes the screen's width (up to 1,920 px).
    if (width >= 1280) {
      const box = (await page.locator('.admin').boundingBox())!;
      expect(box.width).toBeGreaterThan(width * 0.85);
    }
    await admin.search('Visa applications', tag);
    await admin.row('Visa applications', tag).first().getByRole('link', { name: /^View/ }).click();
    await expect(admin.caseView(`${tag} 003`)).toBeVisible();
    await expect(admin.caseView(`${tag} 003`).getByRole('heading', { name: 'Timeline' })).toBeVisible();
    expect(await outside(page)).toEqual([]);
  });
}

test('a table wider than its part scrolls inside its region, with the first column in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = new AdminPage(page);
  await admin.open('?part=applications');
  const region = admin.section('Visa applications').locator('.admin-table__scroll');
  await expect(admin.rows('Visa applications').first()).toBeVisible();
  const wider = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
  if (wider) {
    await region.evaluate((element) => element.scrollBy({ left: 400 }));
    const first = admin.rows('Visa applications').first().locator('td').first();
    const [cell, box] = [(await first.boundingBox())!, (await region.boundingBox())!];
    expect(Math.round(cell.x)).toBe(Math.round(box.x));
  }
  expect(await outside(page)).toEqual([]);
});

test('a case has its own address: a new tab, back, forward and reload open the same case', async ({ page, context }) => {
  const tag = uniqueTag('ca');
  const [id] = await seedApplications(tag, 1);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  const view = admin.row('Visa applications', tag).getByRole('link', { name: /^View/ });
  const href = await view.getAttribute('href');
  expect(new URL(href!, 'http://x').searchParams.get('application')).toBe(id);

  // A colleague opens the address in a tab of their own.
  const other = await context.newPage();
  await other.goto(href!);
  const elsewhere = new AdminPage(other).caseView(`${tag} 001`);
  await expect(elsewhere).toBeVisible({ timeout: 45_000 });
  await expect(elsewhere.locator('[data-field="id"] dd')).toHaveText(id!);
  await expect(elsewhere.locator('[data-field="reference"] dd')).toHaveText(id!.slice(0, 8).toUpperCase());
  await other.close();

  await view.click();
  const caseView = admin.caseView(`${tag} 001`);
  await expect(caseView).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^Application of ${tag} 001`));
  await page.reload();
  await expect(caseView).toBeVisible({ timeout: 45_000 });
  await page.goBack();
  // Back returns to the list as it was left: the same search.
  await expect(admin.section('Visa applications').getByRole('searchbox')).toHaveValue(tag);
  await expect(admin.rows('Visa applications')).toHaveCount(1);
  await page.goForward();
  await expect(caseView).toBeVisible();
  await caseView.getByRole('link', { name: 'Back to applications' }).click();
  await expect(admin.rows('Visa applications')).toHaveCount(1);

  // An address naming no application says so.
  await admin.open('?application=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'No application has this address' })).toBeVisible();
});

test('the reference is in the list and found by the search, which lists every application that shares it', async ({ page }) => {
  const tag = uniqueTag('rf');
  // Two ids that start alike, as two random ids one day may: both answer to the one reference.
  const prefix = [...crypto.getRandomValues(new Uint8Array(4))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const suffix = () => [...crypto.getRandomValues(new Uint8Array(6))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  await seedApplications(tag, 2, () => ({ id: `${prefix}-0000-4000-8000-${suffix()}` }));
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', prefix.toUpperCase());
  await expect(admin.rows('Visa applications')).toHaveCount(2);
  await expect(admin.column('Visa applications', 'reference')).toHaveText([prefix.toUpperCase(), prefix.toUpperCase()]);
  await expect(admin.column('Visa applications', 'name')).toHaveText([`${tag} 002`, `${tag} 001`]);
});
