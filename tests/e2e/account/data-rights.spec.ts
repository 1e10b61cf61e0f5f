// The account's rights on /profile, at 412 and 1,350 px: an applicant downloads their data (the zip
// holds their application in data.json and their document), then deletes their account behind a
// dialog that asks for the password again (a wrong one is said at the field), and can no longer
// sign in; their files are gone from Storage (listed as the service role) once the removal queue
// has run, and their old access token reads nothing. axe finds nothing on the section or the dialog.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { DOCUMENTS_BUCKET } from '../../../src/lib/document-rules.ts';
import { SUPABASE_STORAGE_KEY } from '../../../src/lib/stored-session.ts';
import { E2E_API_URL } from '../support/e2e-env.ts';
import { anonClient, backendKeys, createUser, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/backend.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, JOURNEY_TIMEOUT_MS, logInThroughForm, REFUSED_REQUEST, test } from './account.po.ts';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
// Two refusals the browser logs on purpose: the wrong password's 400, and the sign-out's 403 once
// the account is gone (supabase-js clears the stored session all the same).
test.use({ allowedConsoleErrors: [REFUSED_REQUEST] });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
]) {
  test(`at ${viewport.width} px: download my data, then delete my account`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('rights');
    const userId = await createUser(email, { data: { full_name: 'Ada Obi' } });

    // The applicant's application and one document, as their own session makes them.
    const own = await anonClient();
    await own.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const { data: stored, error } = await own
      .from('visa_applications')
      .insert({ visa_type: 'Tourist Visa', name: 'Ada Obi', email, phone: '+234 800 000 0000', dob: '1990-05-17', nationality: 'Nigerian', passport_number: 'A1234567', marital_status: 'Single', address: '12 Marina Road, Lagos' })
      .select('id')
      .single();
    if (error) throw error;
    const objectName = `${userId}/${stored.id}/passport/passport.pdf`;
    const up = await own.storage.from(DOCUMENTS_BUCKET).upload(objectName, PDF, { contentType: 'application/pdf' });
    if (up.error) throw up.error;

    await logInThroughForm(page, email, TEST_PASSWORD, '/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section).toBeVisible();
    const oldToken = await page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '', SUPABASE_STORAGE_KEY);
    expect(oldToken).not.toBe('');

    // Download: progress announced, then the file, then its size.
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bridgeway-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const data = JSON.parse(strFromU8(zip['data.json']!)) as { applications: { id: string; name: string }[]; documents: { file: string }[] };
    expect(data.applications).toEqual([expect.objectContaining({ id: stored.id, name: 'Ada Obi' })]);
    expect(Buffer.from(zip[data.documents[0]!.file]!).equals(PDF)).toBe(true);
    await expect(section.getByRole('status').filter({ hasText: 'Your file is downloaded' })).toBeVisible();
    expect(await axeViolations(page, '.account-rights')).toEqual([]);

    // Delete: the dialog says what goes and what stays, and asks for the password.
    const opener = section.getByRole('button', { name: 'Delete my account' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('every document you uploaded');
    await expect(dialog).toContainText('We keep a record of each application');
    const password = dialog.getByLabel('Your password');
    expect(await axeViolations(page, 'dialog')).toEqual([]);

    // Escape closes it and focus returns to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();

    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That password is not right. Enter the password you sign in with.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toBeFocused();

    await password.fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted' })).toBeVisible();

    // No sign-in any more.
    const signIn = await (await anonClient()).auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signIn.error).not.toBeNull();

    // The old token reads nothing.
    const { anonKey } = await backendKeys();
    const read = await fetch(`${E2E_API_URL}/rest/v1/visa_applications?select=id`, { headers: { apikey: anonKey, authorization: `Bearer ${oldToken}` } });
    expect(read.ok ? await read.json() : [read.status]).toEqual(read.ok ? [] : [expect.any(Number)]);

    // The files are gone from Storage once the removal queue has run (the backend calls it as the database does).
    const service = await serviceClient();
    await expect
      .poll(async () => (await service.storage.from(DOCUMENTS_BUCKET).list(`${userId}/${stored.id}/passport`)).data?.length, { timeout: 30_000 })
      .toBe(0);
  });
}
