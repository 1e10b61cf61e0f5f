// Documents on /profile, item by item, on each application's card: the progress line, each item
// provided or missing (optional ones say so), its files with size and type, and, while the
// application is submitted or in review, an "Add" input labelled with the item's name whose files
// are checked and sent at once under that item, and a Remove button on each; Other documents for
// files that fit no item; a decided application read-only. A file removed while it uploads is not
// kept, and a removed document leaves the list at once.
import { DOCUMENT_MESSAGES, DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION, MAX_DOCUMENTS_PER_ITEM } from '../../../src/lib/document-rules.ts';
import type { ApplicationStatus, VisaType } from '../../../common/domain.ts';
import { anonClient, createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { APPLICATION_CARD_TEXTS, DOCUMENT_REFUSAL_TEXTS } from '../../support/spec-texts.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from '../account/account.po.ts';
import { applicationRows, uniqueTag } from '../admin/seed-rows.ts';
import { DocumentsArea, FILES, UPLOAD_URL, storedNames } from './documents.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Stores `userId`'s applications as an operator would find them; their ids in the same order. */
async function storeApplications(
  userId: string,
  applications: { visa_type: VisaType; submitted_at: string; status: ApplicationStatus }[],
): Promise<string[]> {
  const rows = applicationRows(uniqueTag('documents'), applications.length, (i) => ({ user_id: userId, ...applications[i] }));
  const { data, error } = await (await serviceClient()).from('visa_applications').insert(rows).select('id, visa_type');
  if (error) throw error;
  return applications.map(
    (application) => (data as { id: string; visa_type: string }[]).find((row) => row.visa_type === application.visa_type)!.id,
  );
}

/** The applicant's own API session (another tab), which uploads as the page would. */
async function otherTab(email: string, userId: string) {
  const client = await anonClient();
  await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  return async (applicationId: string, item: string, name: string) => {
    const { error } = await client.storage
      .from(DOCUMENTS_BUCKET)
      .upload(`${userId}/${applicationId}/${item}/${name}`, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
    if (error) throw error;
  };
}

// Business Visa: 9 items, one optional.
const BUSINESS_REQUIRED = 8;

test('an open application takes a file under each item and gives one back; the file stays under its item after a reload; a decided one is read-only', async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [
    { visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'in_review' },
    { visa_type: 'Tourist Visa', submitted_at: '2026-01-10T10:00:00Z', status: 'approved' },
  ]);
  // A file of an item the checklist no longer has, sent before it changed: it shows under Other documents.
  await (await otherTab(email, userId))(open!, 'employment-letter', 'old-letter.pdf');

  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const openCard = page.getByRole('region', { name: 'Business Visa, submitted 2 March 2026' });
  const decidedCard = page.getByRole('region', { name: 'Tourist Visa, submitted 10 January 2026' });
  const documents = new DocumentsArea(page, openCard);
  await expect(openCard.getByText(APPLICATION_CARD_TEXTS.progress(0, BUSINESS_REQUIRED))).toBeVisible();
  await expect(documents.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.missing);
  await expect(documents.checklistItem('Conference or trade fair registration')).toContainText(APPLICATION_CARD_TEXTS.optional);
  await expect(documents.stored(APPLICATION_CARD_TEXTS.other)).toContainText('old-letter.pdf');
  await expect(decidedCard.getByText(DOCUMENT_MESSAGES.decided)).toBeVisible();
  await expect(decidedCard.getByLabel(/^Add /)).toHaveCount(0);

  // A passport file added against "passport" is sent at once and stored under that item.
  await documents.choose('Passport bio page', FILES.pdf('passport-scan.pdf'));
  await expect(documents.stored('Passport bio page')).toContainText('passport-scan.pdf');
  await expect(documents.stored('Passport bio page')).toContainText('PDF');
  await expect(documents.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.provided);
  await expect(openCard.getByText(APPLICATION_CARD_TEXTS.progress(1, BUSINESS_REQUIRED))).toBeVisible();
  expect(await storedNames(userId, open!)).toEqual(['employment-letter/old-letter.pdf', 'passport/passport-scan.pdf']);

  // A PNG renamed to .pdf is refused at once (a file named like one of its item's is kept: see below).
  await documents.choose('Passport photograph', FILES.renamedPng('photo.pdf'));
  await expect(documents.item('photo.pdf')).toContainText(DOCUMENT_MESSAGES.contentMismatch('photo.pdf', 'PDF'));
  await documents.removeButton('photo.pdf').click();
  // Files that fit no item go under Other documents.
  await documents.choose(APPLICATION_CARD_TEXTS.other, FILES.photo('family.png'));
  await expect(documents.stored(APPLICATION_CARD_TEXTS.other)).toHaveText([/^old-letter\.pdf/, /^family\.png/]);
  expect(await axeViolations(page)).toEqual([]);

  await page.reload();
  await expect(documents.stored('Passport bio page')).toHaveText([/passport-scan\.pdf/]);
  await expect(documents.stored(APPLICATION_CARD_TEXTS.other)).toHaveCount(2);

  await documents.stored('Passport bio page').getByRole('button', { name: 'Remove passport-scan.pdf' }).click();
  await expect(documents.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.missing);
  await expect(documents.checklistItem('Passport bio page').locator('.checklist-item__name')).toBeFocused();
  await expect.poll(() => storedNames(userId, open!)).toEqual(['employment-letter/old-letter.pdf', 'other/family.png']);
});

test('a file removed while it uploads is not kept; a removed document leaves the list before it is read again', async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [{ visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'submitted' }]);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const card = page.getByRole('region', { name: 'Business Visa, submitted 2 March 2026' });
  const documents = new DocumentsArea(page, card);
  await expect(documents.checklistItem('Hotel and flight reservations')).toContainText(APPLICATION_CARD_TEXTS.missing);

  // Storage stores the file and its answer is held; the applicant removes the file meanwhile.
  let reachedStorage!: () => void;
  const stored = new Promise<void>((resolve) => (reachedStorage = resolve));
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route(UPLOAD_URL, async (route) => {
    const response = await route.fetch();
    reachedStorage();
    await uploadHeld;
    // A page that stopped the request has nobody left to answer.
    await route.fulfill({ response }).catch(() => undefined);
  });
  await documents.choose('Hotel and flight reservations', FILES.pdf('hotel-booking.pdf'));
  await stored;
  expect(await storedNames(userId, open!)).toEqual(['travel-reservations/hotel-booking.pdf']);
  await documents.removeButton('hotel-booking.pdf').click();
  releaseUpload();
  // The send is over (the Add input usable again) once what it stored is removed again.
  await expect(documents.input('Hotel and flight reservations')).toBeEnabled();
  await expect.poll(() => storedNames(userId, open!)).toEqual([]);
  await page.unroute(UPLOAD_URL);

  await documents.choose('Invitation letter from the host company', FILES.pdf('invitation-letter.pdf'));
  await expect(documents.stored('Invitation letter from the host company')).toContainText('invitation-letter.pdf');
  // The list read again after the removal is held: the document has left the list before it comes.
  const LIST = /\/rest\/v1\/rpc\/application_documents/;
  let releaseList!: () => void;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(LIST, async (route) => {
    await listHeld;
    await route.continue();
  });
  await card.getByRole('button', { name: 'Remove invitation-letter.pdf' }).click();
  await expect(documents.stored('Invitation letter from the host company')).toHaveCount(0);
  const reread = page.waitForResponse(LIST);
  releaseList();
  await reread;
  await expect(documents.checklistItem('Invitation letter from the host company')).toContainText(APPLICATION_CARD_TEXTS.missing);
  expect(await storedNames(userId, open!)).toEqual([]);
});

test(`an item takes ${MAX_DOCUMENTS_PER_ITEM} files (six monthly statements) and says so at the next, before sending it`, async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [{ visa_type: 'Tourist Visa', submitted_at: '2026-04-02T10:00:00Z', status: 'submitted' }]);
  const upload = await otherTab(email, userId);
  for (let month = 1; month <= MAX_DOCUMENTS_PER_ITEM; month++) await upload(open!, 'bank-statements', `month-${month}.pdf`);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const documents = new DocumentsArea(page, page.getByRole('region', { name: 'Tourist Visa, submitted 2 April 2026' }));
  await expect(documents.stored('Bank statements, last 6 months')).toHaveCount(MAX_DOCUMENTS_PER_ITEM);
  let uploads = 0;
  await page.route(UPLOAD_URL, (route) => {
    uploads += 1;
    return route.continue();
  });
  await documents.choose('Bank statements, last 6 months', FILES.pdf('month-7.pdf'));
  await expect(documents.item('month-7.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.itemFull);
  // Shown once, beside its item, in the item's rule (screen readers also hear it from the list's live region).
  const shown = await page.getByText(DOCUMENT_REFUSAL_TEXTS.itemFull).evaluateAll((elements) => elements.filter((element) => element.closest('.visually-hidden') === null).length);
  expect(shown).toBe(1);
  expect(uploads).toBe(0);
});

// What changed while the profile was open (another tab, an adviser) is refused by Storage with a
// 403 that says no more than that; the page asks the database why and says it. The browser logs
// each refused upload's answer (HTTP 400, Storage's status for a 403).
test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('a refusal after the application changed names why: decided, full, item full, or no longer theirs', async ({ page }) => {
    const email = uniqueEmail('documents');
    const userId = await createUser(email);
    const [toDecide, toFill, toFillItem, toDelete] = await storeApplications(userId, [
      { visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'in_review' },
      { visa_type: 'Tourist Visa', submitted_at: '2026-02-02T10:00:00Z', status: 'submitted' },
      { visa_type: 'Emergency Visa', submitted_at: '2026-01-20T10:00:00Z', status: 'submitted' },
      { visa_type: 'Visa Extension', submitted_at: '2026-01-02T10:00:00Z', status: 'submitted' },
    ]);
    const uploadAsApplicant = await otherTab(email, userId);
    await uploadAsApplicant(toDecide!, 'passport', 'passport.pdf');
    // One short of the application's limit: four items full, one but one file.
    const items = ['other', 'passport', 'photo', 'employment-letter', 'hotel-reservation'];
    for (let n = 0; n < MAX_DOCUMENTS_PER_APPLICATION - 1; n++) await uploadAsApplicant(toFill!, items[Math.floor(n / MAX_DOCUMENTS_PER_ITEM)]!, `page-${n}.pdf`);
    // One short of an item's limit.
    for (let month = 1; month < MAX_DOCUMENTS_PER_ITEM; month++) await uploadAsApplicant(toFillItem!, 'bank-statements', `month-${month}.pdf`);

    await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
    const decidedCard = new DocumentsArea(page, page.getByRole('region', { name: 'Business Visa, submitted 2 March 2026' }));
    const fullCard = new DocumentsArea(page, page.getByRole('region', { name: 'Tourist Visa, submitted 2 February 2026' }));
    const fullItemCard = new DocumentsArea(page, page.getByRole('region', { name: 'Emergency Visa, submitted 20 January 2026' }));
    const deletedCard = new DocumentsArea(page, page.getByRole('region', { name: 'Visa Extension, submitted 2 January 2026' }));
    await expect(decidedCard.stored('Passport bio page')).toHaveCount(1);
    await expect(fullCard.stored('Employment letter or business registration')).toHaveCount(MAX_DOCUMENTS_PER_ITEM);
    await expect(fullCard.stored('Hotel reservation')).toHaveCount(MAX_DOCUMENTS_PER_ITEM - 1);
    await expect(fullItemCard.stored('Bank statements, last 3 months')).toHaveCount(MAX_DOCUMENTS_PER_ITEM - 1);
    await expect(deletedCard.checklistItem('Passport bio page')).toContainText(APPLICATION_CARD_TEXTS.missing);

    // Meanwhile: an adviser decides one, another tab fills one, and one is deleted.
    const service = await serviceClient();
    await service.from('visa_applications').update({ status: 'approved' }).eq('id', toDecide!);
    await uploadAsApplicant(toFill!, 'return-flight', 'ticket.pdf');
    await uploadAsApplicant(toFillItem!, 'bank-statements', 'month-6.pdf');
    await service.from('visa_applications').delete().eq('id', toDelete!);

    await decidedCard.choose('Passport photograph', FILES.pdf('late-photo.pdf'));
    await expect(decidedCard.item('late-photo.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.decided);
    await decidedCard.scope.getByRole('button', { name: 'Remove passport.pdf' }).click();
    await expect(decidedCard.scope.getByRole('alert')).toHaveText(DOCUMENT_REFUSAL_TEXTS.decided);
    expect(await storedNames(userId, toDecide!)).toEqual(['passport/passport.pdf']);

    // Both still had room on the page; the other tab took their last slot.
    await fullCard.choose('Travel insurance', FILES.pdf('insurance.pdf'));
    await expect(fullCard.item('insurance.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.full);
    await fullItemCard.choose('Bank statements, last 3 months', FILES.pdf('month-7.pdf'));
    await expect(fullItemCard.item('month-7.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.itemFull);

    await deletedCard.choose('Passport bio page', FILES.pdf('orphan.pdf'));
    await expect(deletedCard.item('orphan.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.notTheirs);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('files named alike (every phone photo is image.png) are all kept, the second under a name of its own', async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [{ visa_type: 'Tourist Visa', submitted_at: '2026-04-03T10:00:00Z', status: 'submitted' }]);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const documents = new DocumentsArea(page, page.getByRole('region', { name: 'Tourist Visa, submitted 3 April 2026' }));
  const item = 'Bank statements, last 6 months';
  await documents.choose(item, FILES.photo('image.png'));
  await expect(documents.stored(item)).toHaveCount(1);
  await documents.choose(item, FILES.photo('image.png'));
  await expect(documents.stored(item)).toHaveCount(2);
  for (const name of ['image.png', 'image (2).png']) await expect(documents.stored(item).filter({ hasText: name })).toHaveCount(1);
  expect((await storedNames(userId, open!)).sort()).toEqual(['bank-statements/image (2).png', 'bank-statements/image.png']);
});

test('the applicant opens a file they sent through a signed link, in a new tab', async ({ page, context }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [{ visa_type: 'Tourist Visa', submitted_at: '2026-04-04T10:00:00Z', status: 'submitted' }]);
  await (await otherTab(email, userId))(open!, 'passport', 'passport-scan.pdf');
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const documents = new DocumentsArea(page, page.getByRole('region', { name: 'Tourist Visa, submitted 4 April 2026' }));
  const [tab] = await Promise.all([context.waitForEvent('page'), documents.stored('Passport bio page').getByRole('button', { name: 'Open passport-scan.pdf' }).click()]);
  await tab.waitForURL(/\/storage\/v1\/object\/sign\//);
  expect(new URL(tab.url()).pathname).toContain(`/${userId}/${open!}/passport/passport-scan.pdf`);
  await tab.close();
});

