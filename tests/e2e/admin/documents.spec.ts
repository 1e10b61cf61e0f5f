// An application's documents from /admin: the dialog lists each file under its checklist item with
// its type and size, and opens it through a short-lived signed URL made on the click (an image
// previewed in the dialog, a PDF in a new tab, a HEIC photo saved); an application without
// documents shows every item missing; the documents of an applicant whose account was deleted are
// still listed and open; deleting an application deletes its files.
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, createUser, serviceClient, uniqueEmail } from '../support/backend.ts';
import { AdminPage, axeViolations, expect, seedApplications, signIn, uniqueTag } from './admin.po.ts';
import { HEIC_PHOTO, PHOTO, STATEMENT, applicantWithApplication, storedNames, uploadDocuments } from './applicant-documents.ts';
import { ADMIN_DOCUMENT_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: 120_000 });

/** A signed download URL of the documents bucket, as Storage makes it: the object's path and a token. */
const SIGNED_URL = /\/storage\/v1\/object\/sign\/application-documents\/[^?]+\?token=[\w.-]+/;

test.beforeEach(async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
});

test('the dialog lists the documents; each opens through a signed URL made on the click', async ({ page, context }) => {
  const tag = uniqueTag('dc');
  const applicant = await applicantWithApplication(`${tag} Chidi Okeke`);
  await uploadDocuments(applicant, [PHOTO, STATEMENT, HEIC_PHOTO]);
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} Chidi Okeke` });
  const documents = dialog.getByRole('region', { name: 'Documents' });
  const items = documents.locator('.application-documents__list > li');
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: PHOTO.name })).toContainText(`WebP, ${Math.round(PHOTO.body.length / 1024)} KB`);
  await expect(items.filter({ hasText: STATEMENT.name })).toContainText('PDF, 2 KB');
  await expect(items.filter({ hasText: HEIC_PHOTO.name })).toContainText('HEIC, 3 KB');
  // Each under its item of the Tourist Visa's checklist; the HEIC photo under Other documents.
  const item = (name: string) => documents.locator('.admin-checklist__item').filter({ has: page.locator('.admin-checklist__name', { hasText: new RegExp(`^${name}$`) }) });
  await expect(item('Passport photograph')).toContainText(PHOTO.name);
  await expect(item('Passport photograph')).toContainText('Provided');
  await expect(item('Bank statements, last 6 months')).toContainText(STATEMENT.name);
  await expect(item('Other documents')).toContainText(HEIC_PHOTO.name);
  await expect(item('Passport bio page')).toContainText('Missing');
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(2, 6), { exact: true })).toBeVisible();
  // Nothing is signed in advance: no signed URL is on the page until a click asks for one.
  await expect(dialog.locator('img')).toHaveCount(0);
  expect(await axeViolations(page, '.admin-case')).toEqual([]);

  // The image shows in the dialog, loaded through its signed URL; the preview is announced, and
  // closing it returns focus to the button that opened it. Both by keyboard.
  const previewButton = documents.getByRole('button', { name: `Preview ${PHOTO.name}` });
  await previewButton.press('Enter');
  const image = documents.getByRole('img', { name: `Preview of ${PHOTO.name}` });
  await expect(image).toHaveAttribute('src', SIGNED_URL);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expect(documents.getByRole('status').filter({ hasText: `Showing the preview of ${PHOTO.name}.` })).toBeAttached();
  expect(await axeViolations(page, '.admin-case')).toEqual([]);
  await documents.getByRole('button', { name: 'Close preview' }).press('Enter');
  await expect(image).toHaveCount(0);
  await expect(previewButton).toBeFocused();

  // The PDF opens in a new tab, at its signed URL, which serves the file.
  const signedGet = context.waitForEvent('request', (request) => request.method() === 'GET' && SIGNED_URL.test(request.url()));
  const [tab] = await Promise.all([page.waitForEvent('popup'), documents.getByRole('button', { name: `Open ${STATEMENT.name}` }).click()]);
  const pdfUrl = (await signedGet).url();
  expect(pdfUrl).toContain(`/${encodeURIComponent(STATEMENT.name)}?token=`);
  const pdf = await fetch(pdfUrl);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await pdf.arrayBuffer()).equals(STATEMENT.body)).toBe(true);
  await tab.close();
  await expect(documents.getByRole('status').filter({ hasText: `${STATEMENT.name} opened in a new tab.` })).toBeAttached();

  // The HEIC photo, which most browsers cannot show, is saved under its name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: `Download ${HEIC_PHOTO.name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(HEIC_PHOTO.name);
  expect(download.url()).toMatch(SIGNED_URL);
  await expect(dialog).toBeVisible();
});

test('an application without documents shows each item missing', async ({ page }) => {
  const tag = uniqueTag('dn');
  const userId = await createUser(uniqueEmail('nodocs'));
  await seedApplications(tag, 1, () => ({ user_id: userId }));
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);

  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} 001` });
  const documents = dialog.getByRole('region', { name: 'Documents' });
  await expect(documents.getByText(ADMIN_DOCUMENT_TEXTS.progress(0, 6), { exact: true })).toBeVisible();
  await expect(documents.locator('.admin-checklist__item .badge')).toHaveText(Array.from({ length: 8 }, () => 'Missing'));
  expect(await axeViolations(page, '.admin-case')).toEqual([]);
});

test("the documents of an applicant whose account was deleted are still listed and open", async ({ page }) => {
  const tag = uniqueTag('dg');
  const applicant = await applicantWithApplication(`${tag} Emeka Obi`);
  await uploadDocuments(applicant, [PHOTO, STATEMENT]);
  // The account goes (the application's user_id becomes NULL); the files stay under its old id.
  const { error } = await (await serviceClient()).auth.admin.deleteUser(applicant.userId);
  expect(error).toBeNull();
  expect(await storedNames(applicant)).toEqual([STATEMENT.name, PHOTO.name].sort());
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);

  await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
  const dialog = page.getByRole('region', { name: `Application of ${tag} Emeka Obi` });
  await expect(dialog).toContainText('Account deleted');
  const documents = dialog.getByRole('region', { name: 'Documents' });
  await expect(documents.locator('.application-documents__list > li')).toHaveCount(2);
  await expect(documents.locator('.application-documents__list > li').filter({ hasText: STATEMENT.name })).toContainText('PDF, 2 KB');
  await documents.getByRole('button', { name: `Preview ${PHOTO.name}` }).click();
  const image = documents.getByRole('img', { name: `Preview of ${PHOTO.name}` });
  await expect(image).toHaveAttribute('src', SIGNED_URL);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  expect(await axeViolations(page, '.admin-case')).toEqual([]);
});

test('deleting an application deletes its documents', async ({ page }) => {
  const tag = uniqueTag('dd');
  const applicant = await applicantWithApplication(`${tag} Ngozi Eze`);
  await uploadDocuments(applicant, [PHOTO, STATEMENT]);
  expect(await storedNames(applicant)).toEqual([STATEMENT.name, PHOTO.name].sort());
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);

  await admin.rows('Visa applications').getByRole('button', { name: /^Delete/ }).click();
  await expect(admin.confirmDialog()).toContainText('will be deleted permanently, with its documents.');
  await admin.confirmDialog().getByRole('button', { name: 'Delete application' }).click();
  await expect(admin.toast('Application deleted.')).toBeVisible();
  // The delete queued the files' removal in its transaction, whose commit called remove-documents:
  // the function removes them through the Storage API.
  await expect.poll(() => storedNames(applicant), { timeout: 30_000 }).toEqual([]);
});

test.describe('with the network cut', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test('documents that cannot load, and a document that cannot be signed, say so and can be tried again', async ({ page }) => {
    const tag = uniqueTag('df');
    const applicant = await applicantWithApplication(`${tag} Bola Ade`);
    await uploadDocuments(applicant, [PHOTO]);
    const LIST = /\/rest\/v1\/rpc\/application_documents/;
    const SIGN = /\/storage\/v1\/object\/sign\//;
    await page.route(LIST, (route) => route.abort('internetdisconnected'));
    await page.route(SIGN, (route) => route.abort('internetdisconnected'));
    const admin = new AdminPage(page);
    await admin.open();
    await admin.search('Visa applications', tag);
    await admin.row('Visa applications', tag).getByRole('link', { name: /^View/ }).click();
    const documents = page.getByRole('region', { name: `Application of ${tag} Bola Ade` }).getByRole('region', { name: 'Documents' });
    await expect(documents.getByRole('alert').filter({ hasText: 'Failed to load the documents.' })).toBeVisible();
    expect(await axeViolations(page, '.admin-case')).toEqual([]);

    await page.unroute(LIST);
    await documents.getByRole('button', { name: 'Retry' }).click();
    const preview = documents.getByRole('button', { name: `Preview ${PHOTO.name}` });
    await preview.click();
    await expect(documents.getByRole('alert').filter({ hasText: `Failed to open ${PHOTO.name}. Please try again.` })).toBeVisible();
    await expect(preview).toBeFocused();

    await page.unroute(SIGN);
    await preview.click();
    await expect(documents.getByRole('img', { name: `Preview of ${PHOTO.name}` })).toBeVisible();
    await expect(documents.getByRole('alert').filter({ hasText: 'Failed' })).toHaveCount(0);
  });
});
