// The roles in the admin, at a phone's and a desktop's width, axe clean: an admin opens an
// applicant's document in its case and finds the opening in the activity record (in the case and
// in the record's own part, found by the applicant's email); an adviser works in the same
// workspace but is shown no role buttons, no account deletion and no activity record part.
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, TEST_PASSWORD, createUser, serviceClient, uniqueEmail } from '../support/backend.ts';
import { AdminPage, axeViolations, expect, signIn, uniqueTag } from './admin.po.ts';
import { PHOTO, applicantWithApplication, uploadDocuments } from './applicant-documents.ts';

test.describe.configure({ timeout: 120_000 });

/** A new account made an adviser the way an admin does it (here with the service key). */
async function adviser(): Promise<string> {
  const email = uniqueEmail('adviser');
  const id = await createUser(email);
  const { error } = await (await serviceClient()).from('profiles').update({ role: 'adviser' }).eq('id', id);
  if (error) throw error;
  return email;
}

for (const width of [412, 1350]) {
  test(`at ${width} px an admin opens a document and finds its row in the activity record`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = uniqueTag('ar');
    const applicant = await applicantWithApplication(`${tag} Ngozi Eze`);
    await uploadDocuments(applicant, [PHOTO]);
    const { data: profile } = await (await serviceClient()).from('profiles').select('email').eq('id', applicant.userId).single();
    await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    const admin = new AdminPage(page);
    await admin.open(`?application=${applicant.applicationId}`);
    const caseView = admin.caseView(`${tag} Ngozi Eze`);
    const documents = caseView.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: `Preview ${PHOTO.name}` }).click();
    const image = documents.getByRole('img', { name: `Preview of ${PHOTO.name}` });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);

    // The case shows its own entry once it is read again (a reload reads the case afresh).
    await page.reload();
    const activity = admin.caseView(`${tag} Ngozi Eze`).getByRole('region', { name: 'Activity record' });
    await expect(activity.getByText(`Document opened: ${PHOTO.name}`)).toBeVisible();
    expect(await axeViolations(page, '.admin-case')).toEqual([]);

    // The record's own part, found by the applicant's email.
    await admin.search('Activity record', profile!.email!);
    const row = admin.row('Activity record', PHOTO.name);
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-column="kind"]')).toHaveText('Document opened');
    await expect(row.locator('td[data-column="actor_email"]')).toHaveText(SEEDED_ADMIN.email);
    await expect(row.locator('td[data-column="actor_role"]')).toHaveText('admin');
    // Nothing in the record can be deleted: no Delete button, no Actions column.
    await expect(admin.section('Activity record').getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    expect(await axeViolations(page, '.admin-main')).toEqual([]);
  });

  test(`at ${width} px an adviser sees no role controls, no account deletion and no activity record`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, await adviser(), TEST_PASSWORD);
    const admin = new AdminPage(page);
    await admin.open('?part=users');
    const users = admin.section('Users');
    await expect(admin.rows('Users').first()).toBeVisible();
    await expect(users.getByRole('button', { name: /^Make / })).toHaveCount(0);
    await expect(users.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(admin.navigation().getByRole('link', { name: 'Activity record' })).toHaveCount(0);
    // The cases are theirs to work: the applications part is there.
    await expect(admin.navigation().getByRole('link', { name: 'Applications', exact: true })).toBeVisible();
    expect(await axeViolations(page, '.admin-main')).toEqual([]);
    // A link to the record's part opens the overview instead.
    await admin.open('?part=activity');
    await expect(admin.navigation().getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  });
}
