// Documents attached while applying: the chosen type's checklist item by item, each with its Add
// input, a preview for images, remove before sending, a too-large file and a PNG renamed to .pdf
// refused at once, a progress bar per file, the success popup once every file is stored under its
// item, and a failed upload that keeps the application submitted, everything typed, and can be
// sent again.
import { DOCUMENT_MESSAGES } from '../../../src/lib/document-rules.ts';
import { VISA_DOCUMENTS_UNSENT } from '../../../src/lib/forms/visa-application.ts';
import { VISA_TEXTS } from '../../support/spec-texts.ts';
import { OFFLINE_CONSOLE, VisaForm, axeViolations, rowsWhere } from '../forms/forms.po.ts';
import { content } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { DocumentsArea, FILES, UPLOAD_URL, onlyApplicationId, storedNames } from './documents.po.ts';

test.describe.configure({ timeout: 150_000 });

const documentsOf = (form: VisaForm) => new DocumentsArea(form.page, form.form.getByRole('group', { name: 'Documents (optional)' }));

test('a visa page lists the documents of its content file, in its HTML', async ({ page, request }) => {
  // A visa whose checklist has an optional item, so both kinds of item are seen.
  const visa = content.visas.find(({ data }) => data.documents.some((item) => item.optional));
  expect(visa, 'a visa with an optional document').toBeDefined();
  const { id, documents } = visa!.data;
  const html = await (await request.get(`/visa/${id}`)).text();
  expect(html).toContain('Documents to attach');
  await page.goto(`/visa/${id}`);
  const checklist = page.getByRole('region', { name: 'Documents to attach' });
  await expect(checklist.getByRole('listitem').first()).toContainText(documents[0]!.name);
  const optional = documents.find((item) => item.optional)!;
  await expect(checklist.getByRole('listitem').filter({ hasText: optional.name })).toContainText('(if it applies)');
  expect(await axeViolations(page)).toEqual([]);
});

test('the form shows the chosen type’s checklist item by item; files are checked, previewed, removed and sent under their item with progress', async ({ page }) => {
  const form = await VisaForm.open(page, 'Tourist Visa');
  const documents = documentsOf(form);
  await expect(documents.checklistItem('Bank statements, last 6 months')).toBeVisible();
  await expect(documents.checklistItem('Travel insurance')).toContainText('(optional)');
  await form.fill({ 'Visa type': 'Business Visa' });
  await expect(documents.checklistItem('Invitation letter from the host company')).toBeVisible();
  await expect(documents.checklistItem('Travel insurance')).toHaveCount(0);

  await documents.choose('Passport photograph', FILES.photo());
  await documents.choose('Bank statements, last 6 months', FILES.pdf(), FILES.tooLarge(), FILES.renamedPng());
  await expect(documents.list('Passport photograph').getByRole('img', { name: 'Preview of passport-photo.png' })).toHaveAttribute('src', /^blob:/);
  await expect(documents.list('Bank statements, last 6 months').getByRole('listitem')).toHaveCount(3);
  await expect(documents.item('scan-600dpi.pdf')).toContainText(DOCUMENT_MESSAGES.tooLarge('scan-600dpi.pdf'));
  await expect(documents.item('passport.pdf')).toContainText(DOCUMENT_MESSAGES.contentMismatch('passport.pdf', 'PDF'));
  // The reason is read with the file's buttons.
  await expect(documents.removeButton('passport.pdf')).toHaveAccessibleDescription(DOCUMENT_MESSAGES.contentMismatch('passport.pdf', 'PDF'));
  expect(await axeViolations(page, '.visa-form')).toEqual([]);

  // Refused files and one changed mind go before sending; a file dropped on an item's Add joins it.
  for (const name of ['scan-600dpi.pdf', 'passport.pdf', 'bank-statement.pdf']) await documents.removeButton(name).click();
  await expect(documents.item('bank-statement.pdf')).toHaveCount(0);
  await documents.drop('Letter from your employer', FILES.pdf('employment-letter.pdf'));
  await expect(documents.list('Letter from your employer').getByRole('listitem')).toContainText('Ready to send');

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(UPLOAD_URL, async (route) => {
    await held;
    await route.continue();
  });
  await form.fill(form.valid());
  await form.submit();
  await expect(documents.progress('passport-photo.png')).toBeVisible();
  await expect(form.submitButton()).toHaveText(VISA_TEXTS.submitting);
  release();
  await form.expectSuccess();
  await expect(documents.scope.locator('.document-list')).toHaveCount(0);

  const applicationId = await onlyApplicationId(form.userId);
  expect(await storedNames(form.userId, applicationId)).toEqual(['employer-letter/employment-letter.pdf', 'photo/passport-photo.png']);
  await page.goto('/profile');
  const card = new DocumentsArea(page, page.getByRole('region', { name: /^Business Visa, submitted / }));
  await expect(card.stored('Passport photograph')).toContainText('passport-photo.png');
  await expect(card.stored('Passport photograph')).toContainText('PNG');
  await expect(card.stored('Letter from your employer')).toContainText('employment-letter.pdf');
});

test('without files the application is sent as before, and no Storage request is made', async ({ page }) => {
  const form = await VisaForm.open(page);
  let uploads = 0;
  await page.route(UPLOAD_URL, (route) => {
    uploads += 1;
    return route.continue();
  });
  await form.fill(form.valid());
  await form.submit();
  await form.expectSuccess();
  expect(uploads).toBe(0);
  expect(await rowsWhere('visa_applications', 'user_id', form.userId)).toHaveLength(1);
});

test.describe('a failed upload', () => {
  test.use({ allowedConsoleErrors: [OFFLINE_CONSOLE] });

  test('keeps the application submitted and everything typed, and Try again sends the file to the same application', async ({ page }) => {
    const form = await VisaForm.open(page);
    const documents = documentsOf(form);
    await documents.choose('Bank statements, last 6 months', FILES.pdf());
    await page.route(UPLOAD_URL, (route) => route.abort('connectionreset'));
    const typed = form.valid({ 'Message (optional)': 'Travelling in March.' });
    await form.fill(typed);
    await form.submit();

    await expect(form.message()).toHaveText(VISA_DOCUMENTS_UNSENT);
    await expect(documents.item('bank-statement.pdf')).toContainText(DOCUMENT_MESSAGES.uploadFailed('bank-statement.pdf'));
    await expect(form.popup()).toBeHidden();
    expect(await form.values(Object.keys(typed))).toEqual(typed);
    expect(await rowsWhere('visa_applications', 'user_id', form.userId)).toHaveLength(1);
    expect(await axeViolations(page, '.visa-form')).toEqual([]);

    await page.unroute(UPLOAD_URL);
    // A double click sends once: the second click finds the send under way.
    await documents.retryButton('bank-statement.pdf').dblclick();
    await form.expectSuccess();
    const applicationId = await onlyApplicationId(form.userId);
    expect(await storedNames(form.userId, applicationId)).toEqual(['bank-statements/bank-statement.pdf']);
  });
});
