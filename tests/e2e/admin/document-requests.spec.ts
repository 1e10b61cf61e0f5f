// The consultancy asking for what is missing, end to end: staff read "1 of N required" for an
// application whose applicant sent the passport, ask for the rest (the required missing items
// ticked at first, with a line), and the request reaches the applicant (an email in their mailbox naming
// each item, the open request on their card, and the entry in both timelines); staff mark a file
// as needing replacement, and the applicant reads why on the item; the upload of the last item
// asked for settles the request and tells staff once. Then the overview's "Waiting on the
// applicant" and its chart, and both pages on a phone: nothing scrolls sideways, axe finds nothing.
import type { Page } from '@playwright/test';
import type { Database } from '../../../common/database.types.ts';
import { ADMIN_DOCUMENT_TEXTS, APPLICATION_CARD_TEXTS, AFTER_SUBMISSION_TEXTS } from '../../support/spec-texts.ts';
import { logInThroughForm } from '../account/account.po.ts';
import { STAFF, waitForNotification } from '../notifications/mailbox.ts';
import { DocumentsArea, FILES } from '../documents/documents.po.ts';
import { SEEDED_ADMIN, TEST_PASSWORD, serviceClient } from '../support/backend.ts';
import { test } from '../support/fixtures.ts';
import { AdminPage, axeViolations, expect, signIn, uniqueTag } from './admin.po.ts';
import { PASSPORT, applicantWithApplication, uploadDocuments, type TestDocument } from './applicant-documents.ts';

test.describe.configure({ timeout: 180_000 });

const ADMIN_NAME = 'Grace Adeyemi';
// Tourist Visa: 8 items, 2 of them optional.
const TOURIST_REQUIRED = 6;
const REQUESTED = ['Passport photograph', 'Bank statements, last 6 months', 'Employment letter or business registration', 'Hotel reservation', 'Return flight reservation'];
const OPTIONAL = ['Travel insurance', 'Previous visas and travel history'];

/** The notifications of one kind about an application, read as an operator. */
async function notifications(applicationId: string, kind: Database['public']['Enums']['notification_kind']) {
  const { data, error } = await (await serviceClient())
    .from('notifications')
    .select('recipient, payload')
    .eq('subject_table', 'visa_applications')
    .eq('subject_id', applicationId)
    .eq('kind', kind);
  if (error) throw error;
  return data as { recipient: string | null; payload: Record<string, unknown> }[];
}

/** Whether the page can scroll sideways (its content is wider than its viewport). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const file = (item: string, name: string): TestDocument => ({ ...PASSPORT, item, name });

test('staff read 1 of N, ask for the rest; the applicant is told and sees it; the last item settles the request once', async ({ page, browser }) => {
  const tag = uniqueTag('dr');
  const applicant = await applicantWithApplication(`${tag} Amaka Eze`);
  const { data: row } = await (await serviceClient()).from('visa_applications').select('email').eq('id', applicant.applicationId).single();
  const applicantEmail = (row as { email: string }).email;
  await uploadDocuments(applicant, [PASSPORT]);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  await expect(admin.row('Visa applications', tag).locator('td[data-column="documents"]')).toHaveText(ADMIN_DOCUMENT_TEXTS.progress(1, TOURIST_REQUIRED));
  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} Amaka Eze` });
  const documents = dialog.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(1, TOURIST_REQUIRED), { exact: true })).toBeVisible();

  // The required missing items are ticked at first, the optional ones not; staff add a line.
  const request = documents.getByRole('group', { name: 'Request missing documents' });
  await expect(request.getByRole('checkbox')).toHaveCount(REQUESTED.length + OPTIONAL.length);
  for (const name of REQUESTED) await expect(request.getByRole('checkbox', { name })).toBeChecked();
  for (const name of OPTIONAL) await expect(request.getByRole('checkbox', { name })).not.toBeChecked();
  await documents.getByLabel('A line to the applicant (optional)').fill('Please send them this week.');
  expect(await axeViolations(page, '.admin-case')).toEqual([]);
  await documents.getByRole('button', { name: 'Send request' }).click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.requestSent(REQUESTED))).toBeVisible();
  const timeline = dialog.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.last()).toContainText(`${APPLICATION_CARD_TEXTS.requested(REQUESTED)} by ${ADMIN_NAME}`);
  await expect(timeline.last()).toContainText('“Please send them this week.”');

  // The request is queued with the items it names, and its email reaches the applicant's mailbox naming each one.
  const queued = await notifications(applicant.applicationId, 'applicant_documents_requested');
  expect(queued).toEqual([
    {
      recipient: applicantEmail,
      payload: expect.objectContaining({ items: REQUESTED.map((label) => ({ key: expect.any(String), label })), note: 'Please send them this week.' }),
    },
  ]);
  const asked = await waitForNotification(applicantEmail, /^Documents needed for your Tourist Visa application/);
  for (const label of REQUESTED) expect(asked.text).toContain(`- ${label}`);
  expect(asked.text).toContain('Please send them this week.');
  expect(asked.links.some((link) => new URL(link).pathname === '/profile')).toBe(true);

  // The passport scan is cut off: staff ask for a new one, with the reason.
  await documents.getByRole('button', { name: `Needs replacing ${PASSPORT.name}` }).click();
  await documents.getByLabel(`What needs replacing in ${PASSPORT.name}`).fill('The scan is cut off at the bottom.');
  await documents.getByRole('button', { name: 'Ask for a new file' }).click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.markedForReplacement(PASSPORT.name))).toBeVisible();
  // The reason's form closes and hands focus back to the button that opened it, inside the dialog.
  await expect(documents.getByRole('button', { name: `Needs replacing ${PASSPORT.name}` })).toBeFocused();
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(0, TOURIST_REQUIRED), { exact: true })).toBeVisible();
  // The verdict is on the case's timeline, with its author.
  await expect(timeline.last()).toContainText(`Document needs replacing: ${PASSPORT.name} (The scan is cut off at the bottom.) by ${ADMIN_NAME}`);
  expect(await notifications(applicant.applicationId, 'applicant_document_needs_replacing')).toEqual([
    { recipient: applicantEmail, payload: expect.objectContaining({ item_label: 'Passport bio page', reason: 'The scan is cut off at the bottom.' }) },
  ]);
  expect((await waitForNotification(applicantEmail, /^Please send a new file for Passport bio page/)).text).toContain('Why: The scan is cut off at the bottom.');

  // The applicant, in a browser of their own.
  const context = await browser.newContext();
  const own = await context.newPage();
  await logInThroughForm(own, applicantEmail, TEST_PASSWORD, '/profile');
  const card = own.getByRole('region', { name: /^Tourist Visa, submitted / });
  const checklist = new DocumentsArea(own, card);
  await expect(card.getByText(APPLICATION_CARD_TEXTS.askedFor(REQUESTED))).toBeVisible();
  await expect(card.getByText('“Please send them this week.”').first()).toBeVisible();
  await expect(card.getByText(APPLICATION_CARD_TEXTS.progress(0, TOURIST_REQUIRED))).toBeVisible();
  for (const name of REQUESTED) await expect(checklist.checklistItem(name)).toContainText(APPLICATION_CARD_TEXTS.requestedMark);
  await expect(checklist.checklistItem('Travel insurance')).not.toContainText(APPLICATION_CARD_TEXTS.requestedMark);
  await expect(checklist.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.needsReplacing);
  await expect(checklist.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.reason('The scan is cut off at the bottom.'));
  // Beside the file it is about, not only in the history.
  await expect(
    checklist.checklistItem('Passport bio page').getByRole('list', { name: 'Files of Passport bio page' }).getByRole('listitem').filter({ hasText: PASSPORT.name }),
  ).toContainText(APPLICATION_CARD_TEXTS.reason('The scan is cut off at the bottom.'));
  // The request and the verdict, each by the consultancy (staff's names stay inside it).
  const history = card.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.historyTitle }).getByRole('listitem');
  await expect(history.nth(-2)).toContainText(`${APPLICATION_CARD_TEXTS.requested(REQUESTED)} by the consultancy`);
  await expect(history.last()).toContainText(`Document needs replacing: ${PASSPORT.name} (The scan is cut off at the bottom.) by the consultancy`);
  await expect(own.getByText(ADMIN_NAME)).toHaveCount(0);
  expect(await axeViolations(own)).toEqual([]);

  // All but one of the items asked for arrive from another tab; the last from the card itself.
  await uploadDocuments(applicant, REQUESTED.slice(1).map((_, index) => file(['bank-statements', 'employment-letter', 'hotel-reservation', 'return-flight'][index]!, `doc-${index}.pdf`)));
  expect(await notifications(applicant.applicationId, 'staff_documents_provided')).toEqual([]);
  await checklist.choose('Passport photograph', FILES.photo('new-photo.png'));
  await expect(checklist.stored('Passport photograph')).toContainText('new-photo.png');
  await expect(card.getByText(APPLICATION_CARD_TEXTS.askedFor(REQUESTED))).toHaveCount(0);
  await expect.poll(() => notifications(applicant.applicationId, 'staff_documents_provided')).toEqual([
    { recipient: null, payload: expect.objectContaining({ items: REQUESTED.map((label) => ({ key: expect.any(String), label })) }) },
  ]);
  await waitForNotification(STAFF, /^Documents provided for application [0-9A-F]{8}: /, { mentioning: applicantEmail });
  // One more file for an item asked for tells staff nothing more.
  await checklist.choose('Hotel reservation', FILES.pdf('second-hotel.pdf'));
  await expect(checklist.stored('Hotel reservation')).toHaveCount(2);
  expect(await notifications(applicant.applicationId, 'staff_documents_provided')).toHaveLength(1);
  await own.reload();
  await expect(card.getByRole('region', { name: AFTER_SUBMISSION_TEXTS.historyTitle }).getByRole('listitem').last()).toContainText(APPLICATION_CARD_TEXTS.providedAll(REQUESTED));
  await context.close();

  // Staff see it on their side too, the next time they look.
  await admin.open();
  await admin.search('Visa applications', tag);
  await expect(admin.row('Visa applications', tag).locator('td[data-column="documents"]')).toHaveText(ADMIN_DOCUMENT_TEXTS.progress(5, TOURIST_REQUIRED));
  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  await expect(timeline.last()).toContainText(APPLICATION_CARD_TEXTS.providedAll(REQUESTED));
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(5, TOURIST_REQUIRED), { exact: true })).toBeVisible();

  // On a second look the passport scan will do: accepted, it counts again; focus stays on the
  // button, which now says it has nothing more to do.
  const accept = documents.getByRole('button', { name: `Accept ${PASSPORT.name}` });
  await accept.click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.accepted(PASSPORT.name))).toBeVisible();
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(6, TOURIST_REQUIRED), { exact: true })).toBeVisible();
  await expect(accept).toHaveAttribute('aria-disabled', 'true');
  await expect(accept).toBeFocused();
});

test('the overview counts the applications waiting on their applicant and links to them; the chart gives its numbers as text', async ({ page }) => {
  const tag = uniqueTag('dw');
  await applicantWithApplication(`${tag} Tunde Bakare`);
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open();
  const waiting = page.getByRole('link', { name: new RegExp(`${ADMIN_DOCUMENT_TEXTS.waitingOnApplicant}$`) });
  const count = waiting.locator('.admin-overview__count');
  await expect(count).toHaveText(/^\d+$/);
  const before = Number(await count.textContent());

  // Staff ask for the passport.
  await admin.search('Visa applications', tag);
  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} Tunde Bakare` });
  const request = dialog.getByRole('group', { name: 'Request missing documents' });
  await expect(request.getByRole('checkbox')).toHaveCount(8);
  for (const box of await request.getByRole('checkbox').all()) await box.uncheck();
  await request.getByRole('checkbox', { name: 'Passport bio page' }).check();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.requestSent(['Passport bio page']))).toBeVisible();
  await dialog.getByRole('link', { name: 'Back to applications' }).click();
  await admin.navigation().getByRole('link', { name: 'Overview' }).click();

  // Other tests share the backend and may ask too: at least this one more.
  await expect.poll(async () => Number(await count.textContent())).toBeGreaterThanOrEqual(before + 1);
  await waiting.click();
  await expect(page).toHaveURL(/applications\.documents=waiting/);
  await admin.search('Visa applications', tag);
  await expect(admin.rows('Visa applications')).toHaveCount(1);

  await admin.navigation().getByRole('link', { name: 'Overview' }).click();
  const chart = page.getByRole('region', { name: 'Leads in the last 12 weeks' });
  const numbers = chart.getByRole('table', { name: /^Leads per week/ });
  await expect(numbers.getByRole('row')).toHaveCount(13);
  await expect(numbers.getByRole('columnheader')).toHaveText(['Week of', 'Bookings', 'Messages', 'Applications']);
  // This week's row counts at least the application just made.
  expect(Number(await numbers.getByRole('row').last().getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(1);
  await expect(chart.locator('svg rect').first()).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);
});

for (const width of [360, 412]) {
  test(`at ${width} px, nothing on /admin or /profile scrolls sideways; lists read as cards; axe finds nothing`, async ({ page, browser }) => {
    const tag = uniqueTag('dp');
    const applicant = await applicantWithApplication(`${tag} Folasade Adebayo-Ogunleye`);
    await uploadDocuments(applicant, [PASSPORT, file('other', `a-very-long-file-name-that-goes-on-and-on-${'x'.repeat(40)}.pdf`)]);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    const admin = new AdminPage(page);
    await admin.open();
    await admin.search('Visa applications', tag);
    await expect(admin.row('Visa applications', tag)).toBeVisible();
    // A row is a card: its cells one under the other, each labelled.
    const cells = admin.row('Visa applications', tag).locator('td[data-column]');
    const boxes = await cells.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    expect(await cells.first().evaluate((element) => getComputedStyle(element, '::before').content)).toContain('Submitted');
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    for (const title of ['Users', 'Bookings', 'Contact messages', 'Newsletter subscribers'] as const) {
      await admin.openSection(title);
      await expect(admin.rows(title).first()).toBeVisible();
      await expect.poll(() => scrollsSideways(page)).toBe(false);
    }
    await admin.search('Visa applications', tag);

    // The case fits, and its actions are reached by keyboard.
    const view = admin.row('Visa applications', tag).getByRole('link', { name: /^View/ });
    await view.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('region', { name: `Application of ${tag} Folasade Adebayo-Ogunleye` });
    await expect(dialog.getByRole('group', { name: 'Request missing documents' })).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await dialog.getByRole('button', { name: 'Send request' }).focus();
    await expect(dialog.getByRole('button', { name: 'Send request' })).toBeFocused();
    expect(await axeViolations(page, '.admin-case')).toEqual([]);

    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const own = await context.newPage();
    const { data: row } = await (await serviceClient()).from('visa_applications').select('email').eq('id', applicant.applicationId).single();
    await logInThroughForm(own, (row as { email: string }).email, TEST_PASSWORD, '/profile');
    await expect(own.getByRole('region', { name: /^Tourist Visa, submitted / }).getByText(APPLICATION_CARD_TEXTS.progress(1, TOURIST_REQUIRED))).toBeVisible();
    await expect.poll(() => scrollsSideways(own)).toBe(false);
    expect(await axeViolations(own)).toEqual([]);
    await context.close();
  });
}
