// Documents on /profile (issue 18): each application lists its documents with size and type; while
// it is submitted or in review its applicant adds a missing one (same checks and progress as the
// visa form) and removes one of their own; a decided application shows its documents read-only. A
// file removed while it uploads is not kept, and a removed document leaves the list at once.
import { DOCUMENT_MESSAGES, DOCUMENTS_BUCKET, MAX_DOCUMENTS_PER_APPLICATION } from '../../../src/lib/documents/rules.ts';
import { anonClient, createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { DOCUMENT_REFUSAL_TEXTS } from '../../support/spec-texts.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, JOURNEY_TIMEOUT_MS, logInThroughForm, test } from '../account/account.po.ts';
import { applicationRows, uniqueTag } from '../admin/seed-rows.ts';
import { DocumentsArea, FILES, UPLOAD_URL, storedNames } from './documents.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Stores `userId`'s applications as an operator would find them; their ids in the same order. */
async function storeApplications(
  userId: string,
  applications: { visa_type: string; submitted_at: string; status: string }[],
): Promise<string[]> {
  const rows = applicationRows(uniqueTag('documents'), applications.length, (i) => ({ user_id: userId, ...applications[i] }));
  const { data, error } = await (await serviceClient()).from('visa_applications').insert(rows).select('id, visa_type');
  if (error) throw error;
  return applications.map(
    (application) => (data as { id: string; visa_type: string }[]).find((row) => row.visa_type === application.visa_type)!.id,
  );
}

test('an open application takes a missing document and gives one back; a decided one is read-only', async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [
    { visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'in_review' },
    { visa_type: 'Tourist Visa', submitted_at: '2026-01-10T10:00:00Z', status: 'approved' },
  ]);

  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const openSection = page.getByRole('region', { name: 'Business Visa of 2 March 2026' });
  const decidedSection = page.getByRole('region', { name: 'Tourist Visa of 10 January 2026' });
  await expect(openSection.getByText('No documents yet.')).toBeVisible();
  await expect(decidedSection.getByText(DOCUMENT_MESSAGES.decided)).toBeVisible();
  await expect(decidedSection.getByLabel('Choose files')).toHaveCount(0);

  const documents = new DocumentsArea(page, openSection, 'Files to add to Business Visa of 2 March 2026');
  await documents.choose(FILES.pdf('invitation-letter.pdf'), FILES.renamedPng('cac-certificate.pdf'));
  await expect(documents.item('cac-certificate.pdf')).toContainText(DOCUMENT_MESSAGES.contentMismatch('cac-certificate.pdf', 'PDF'));
  await documents.removeButton('cac-certificate.pdf').click();
  await openSection.getByRole('button', { name: 'Send files' }).click();
  const stored = openSection.locator('.stored-documents li');
  await expect(stored).toHaveCount(1);
  await expect(stored).toContainText('invitation-letter.pdf');
  await expect(stored).toContainText('PDF');
  expect(await storedNames(userId, open!)).toEqual(['invitation-letter.pdf']);

  // The same name again is refused at once: it is already attached.
  await documents.choose(FILES.pdf('invitation-letter.pdf'));
  await expect(documents.item('invitation-letter.pdf')).toContainText(DOCUMENT_MESSAGES.duplicate('invitation-letter.pdf'));
  await documents.removeButton('invitation-letter.pdf').click();
  expect(await axeViolations(page)).toEqual([]);

  await openSection.getByRole('button', { name: 'Remove invitation-letter.pdf' }).click();
  await expect(openSection.getByText('No documents yet.')).toBeVisible();
  expect(await storedNames(userId, open!)).toEqual([]);
});

test('a file removed while it uploads is not kept; a removed document leaves the list before it is read again', async ({ page }) => {
  const email = uniqueEmail('documents');
  const userId = await createUser(email);
  const [open] = await storeApplications(userId, [{ visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'submitted' }]);
  await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
  const section = page.getByRole('region', { name: 'Business Visa of 2 March 2026' });
  await expect(section.getByText('No documents yet.')).toBeVisible();
  const documents = new DocumentsArea(page, section, 'Files to add to Business Visa of 2 March 2026');

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
  await documents.choose(FILES.pdf('hotel-booking.pdf'));
  await section.getByRole('button', { name: 'Send files' }).click();
  await stored;
  expect(await storedNames(userId, open!)).toEqual(['hotel-booking.pdf']);
  await documents.removeButton('hotel-booking.pdf').click();
  releaseUpload();
  // The send is over (its button gone) once what it stored is removed again.
  await expect(section.getByRole('button', { name: /^(Send files|Sending\.\.\.)$/ })).toHaveCount(0);
  expect(await storedNames(userId, open!)).toEqual([]);
  await page.unroute(UPLOAD_URL);

  await documents.choose(FILES.pdf('invitation-letter.pdf'));
  await section.getByRole('button', { name: 'Send files' }).click();
  await expect(section.locator('.stored-documents li')).toContainText('invitation-letter.pdf');
  // The list read again after the removal is held: the document has left the list before it comes.
  const LIST = /\/rest\/v1\/rpc\/application_documents/;
  let releaseList!: () => void;
  const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
  await page.route(LIST, async (route) => {
    await listHeld;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Remove invitation-letter.pdf' }).click();
  await expect(section.getByText('No documents yet.')).toBeVisible();
  const reread = page.waitForResponse(LIST);
  releaseList();
  await reread;
  await expect(section.getByText('No documents yet.')).toBeVisible();
  expect(await storedNames(userId, open!)).toEqual([]);
});

// What changed while the profile was open (another tab, an adviser) is refused by Storage with a
// 403 that says no more than that; the page asks the database why and says it. The browser logs
// each refused upload's answer (HTTP 400, Storage's status for a 403).
test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test('a refusal after the application changed names why: decided, full, or no longer theirs', async ({ page }) => {
    const email = uniqueEmail('documents');
    const userId = await createUser(email);
    const [toDecide, toFill, toDelete] = await storeApplications(userId, [
      { visa_type: 'Business Visa', submitted_at: '2026-03-02T10:00:00Z', status: 'in_review' },
      { visa_type: 'Tourist Visa', submitted_at: '2026-02-02T10:00:00Z', status: 'submitted' },
      { visa_type: 'Visa Extension', submitted_at: '2026-01-02T10:00:00Z', status: 'submitted' },
    ]);
    // The applicant's own API session (another tab), which uploads as the page would.
    const other = await anonClient();
    await other.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const uploadAsApplicant = async (applicationId: string, name: string) => {
      const { error } = await other.storage.from(DOCUMENTS_BUCKET).upload(`${userId}/${applicationId}/${name}`, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
      if (error) throw error;
    };
    await uploadAsApplicant(toDecide!, 'passport.pdf');
    for (let n = 1; n < MAX_DOCUMENTS_PER_APPLICATION; n++) await uploadAsApplicant(toFill!, `page-${n}.pdf`);

    await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
    const decidedSection = page.getByRole('region', { name: 'Business Visa of 2 March 2026' });
    const fullSection = page.getByRole('region', { name: 'Tourist Visa of 2 February 2026' });
    const deletedSection = page.getByRole('region', { name: 'Visa Extension of 2 January 2026' });
    await expect(decidedSection.locator('.stored-documents li')).toHaveCount(1);
    await expect(fullSection.locator('.stored-documents li')).toHaveCount(MAX_DOCUMENTS_PER_APPLICATION - 1);
    await expect(deletedSection.getByText('No documents yet.')).toBeVisible();

    // Meanwhile: an adviser decides one, another tab fills one, and one is deleted.
    const service = await serviceClient();
    await service.from('visa_applications').update({ status: 'approved' }).eq('id', toDecide!);
    await uploadAsApplicant(toFill!, 'page-10.pdf');
    await service.from('visa_applications').delete().eq('id', toDelete!);

    const decided = new DocumentsArea(page, decidedSection, 'Files to add to Business Visa of 2 March 2026');
    await decided.choose(FILES.pdf('late-letter.pdf'));
    await decidedSection.getByRole('button', { name: 'Send files' }).click();
    await expect(decided.item('late-letter.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.decided);
    await decidedSection.getByRole('button', { name: 'Remove passport.pdf' }).click();
    await expect(decidedSection.getByRole('alert')).toHaveText(DOCUMENT_REFUSAL_TEXTS.decided);
    expect(await storedNames(userId, toDecide!)).toEqual(['passport.pdf']);

    const full = new DocumentsArea(page, fullSection, 'Files to add to Tourist Visa of 2 February 2026');
    await full.choose(FILES.pdf('page-11.pdf'));
    await fullSection.getByRole('button', { name: 'Send files' }).click();
    await expect(full.item('page-11.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.full);

    const deleted = new DocumentsArea(page, deletedSection, 'Files to add to Visa Extension of 2 January 2026');
    await deleted.choose(FILES.pdf('orphan.pdf'));
    await deletedSection.getByRole('button', { name: 'Send files' }).click();
    await expect(deleted.item('orphan.pdf')).toContainText(DOCUMENT_REFUSAL_TEXTS.notTheirs);
    expect(await axeViolations(page)).toEqual([]);
  });
});
