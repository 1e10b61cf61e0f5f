// "Request missing documents" sends exactly what staff ticked: optional items and an item whose
// file was just marked as needing replacement start unticked, a tick or untick by hand survives
// the checklist being read again (here: after a verdict), and the applicant's email (in the
// local mail catcher) names exactly the ticked items, no more.
import { ADMIN_DOCUMENT_TEXTS } from '../../support/spec-texts.ts';
import { SEEDED_ADMIN, serviceClient } from '../support/backend.ts';
import { test } from '../support/fixtures.ts';
import { waitForNotification } from '../notifications/mailbox.ts';
import { AdminPage, expect, signIn, uniqueTag } from './admin.po.ts';
import { PASSPORT, applicantWithApplication, uploadDocuments } from './applicant-documents.ts';

test.describe.configure({ timeout: 180_000 });

// Tourist Visa: the passport is sent; the other 7 items are missing, 2 of them optional.
const ALL_MISSING = [
  'Passport photograph',
  'Bank statements, last 6 months',
  'Employment letter or business registration',
  'Hotel reservation',
  'Return flight reservation',
  'Travel insurance',
  'Previous visas and travel history',
];
const TICKED = ['Bank statements, last 6 months', 'Travel insurance'];

test('the request sends exactly the ticked items, and a re-read checklist keeps the ticks', async ({ page }) => {
  const tag = uniqueTag('rt');
  const applicant = await applicantWithApplication(`${tag} Kemi Alade`);
  const { data: row } = await (await serviceClient()).from('visa_applications').select('email').eq('id', applicant.applicationId).single();
  const applicantEmail = (row as { email: string }).email;
  await uploadDocuments(applicant, [PASSPORT]);

  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  await admin.open(`?application=${applicant.applicationId}`);
  const documents = admin.caseView(`${tag} Kemi Alade`).getByRole('region', { name: 'Documents' });
  const request = documents.getByRole('group', { name: 'Request missing documents' });
  await expect(request.getByRole('checkbox')).toHaveCount(ALL_MISSING.length);

  // Staff keep two: untick every other, tick the optional one.
  for (const name of ALL_MISSING) {
    const box = request.getByRole('checkbox', { name });
    if (TICKED.includes(name)) await box.check();
    else await box.uncheck();
  }

  // A verdict reads the checklist again: the passport joins the missing items, unticked (the
  // applicant was told of it with the verdict), and the ticks made by hand stay as they were.
  await documents.getByRole('button', { name: `Needs replacing ${PASSPORT.name}` }).click();
  await documents.getByLabel(`What needs replacing in ${PASSPORT.name}`).fill('The scan is blurred.');
  await documents.getByRole('button', { name: 'Ask for a new file' }).click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.markedForReplacement(PASSPORT.name))).toBeVisible();
  await expect(request.getByRole('checkbox')).toHaveCount(ALL_MISSING.length + 1);
  await expect(request.getByRole('checkbox', { name: 'Passport bio page' })).not.toBeChecked();
  for (const name of ALL_MISSING) {
    const box = request.getByRole('checkbox', { name });
    if (TICKED.includes(name)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }

  await documents.getByRole('button', { name: 'Send request' }).click();
  await expect(admin.toast(ADMIN_DOCUMENT_TEXTS.requestSent(TICKED))).toBeVisible();
  const asked = await waitForNotification(applicantEmail, /^Documents needed for your Tourist Visa application/);
  const listed = asked.text.split('\n').filter((line) => line.startsWith('- ')).map((line) => line.slice(2).trim());
  expect(listed).toEqual(TICKED);
});
