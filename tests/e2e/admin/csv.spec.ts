// CSV export: the current search and filters over every page, a header row, RFC 4180 quoting of
// commas, quotes and line breaks, cells a spreadsheet would run as formulas neutralised, and each
// application's number of documents.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { consultancyToday } from '../../../common/domain.ts';
import { test } from '../support/fixtures.ts';
import { SEEDED_ADMIN, TEST_PASSWORD, createUser, serviceClient, uniqueEmail } from '../support/backend.ts';
import { AdminPage, apiSession, expect, seedApplications, signIn, uniqueTag } from './admin.po.ts';
import { PHOTO, STATEMENT, uploadDocuments } from './applicant-documents.ts';

test.describe.configure({ timeout: 120_000 });

test('exports every matching application, quoted and without live formulas', async ({ page }) => {
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const tag = uniqueTag('cs');
  const email = uniqueEmail('csv');
  const userId = await createUser(email);
  // 30 rows, so the export spans more than the one 25-row page on screen. The second is a
  // registered applicant's, who attaches two documents while it is open; then it is approved.
  const ids = await seedApplications(tag, 30, (i) =>
    i === 0
      ? {
          address: '=HYPERLINK("http://evil.example","x")',
          nationality: '@SUM(1+1)',
          passport_number: `-${tag}`,
          message: 'Line one\nLine "two", with a comma',
          status: 'approved',
        }
      : i === 1
        ? { user_id: userId, status: 'submitted' }
        : { status: i < 20 ? 'approved' : 'submitted' },
  );
  const { client } = await apiSession(email, TEST_PASSWORD);
  await uploadDocuments({ userId, applicationId: ids[1]!, client }, [PHOTO, STATEMENT]);
  const { error } = await (await serviceClient()).from('visa_applications').update({ status: 'approved' }).eq('id', ids[1]!);
  if (error) throw error;
  const admin = new AdminPage(page);
  await admin.open();
  await admin.search('Visa applications', tag);
  await admin.section('Visa applications').getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(admin.section('Visa applications').getByText('Showing 1–20 of 20')).toBeVisible();
  await admin.section('Visa applications').getByLabel('Rows per page').selectOption('25');

  const dayBefore = consultancyToday();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    admin.section('Visa applications').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  // Named for the day in Lagos (the day before or after the click, should midnight fall between).
  expect([dayBefore, consultancyToday()].map((day) => `visa-applications-${day}.csv`)).toContain(download.suggestedFilename());
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  // Quoting, as written: a field with a quote, comma or line break is quoted, quotes doubled.
  expect(text).toContain('"Line one\nLine ""two"", with a comma"');

  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(header).toEqual([
    'id', 'submitted_at', 'name', 'email', 'phone', 'visa_type', 'status', 'dob', 'nationality',
    'passport_number', 'marital_status', 'address', 'message', 'user_id', 'updated_at', 'documents',
  ]);
  // The search and the status filter apply; nothing else of the database is in the file.
  expect(rows).toHaveLength(20);
  const record = (row: string[]) => Object.fromEntries(header!.map((name, i) => [name, row[i]]));
  const tricky = rows.map(record).find((row) => row.name === `${tag} 001`)!;
  expect(tricky.address).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(tricky.nationality).toBe(`'@SUM(1+1)`);
  expect(tricky.passport_number).toBe(`'-${tag}`);
  expect(tricky.phone).toBe(`'+234 800 000 0000`);
  expect(tricky.message).toBe('Line one\nLine "two", with a comma');
  expect(rows.map(record).every((row) => row.status === 'approved' && row.name!.startsWith(tag))).toBe(true);
  // Each application's document count: two for the applicant's, none for the others.
  expect(rows.map(record).map((row) => [row.name, row.documents])).toEqual(
    rows.map(record).map((row) => [row.name, row.name === `${tag} 002` ? '2' : '0']),
  );
  await expect(admin.toast('Visa applications exported.')).toBeVisible();
});
