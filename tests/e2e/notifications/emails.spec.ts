// The notification emails end to end: a visitor books, writes and subscribes, a user applies and
// an admin changes the status, all in the built site; the database calls the send-notifications
// function (in Deno, beside the e2e backend: playwright.config.ts), which sends each email, and it
// arrives in the mailbox with the right recipient, subject and content. The booking's calendar file
// holds the booked time in Lagos; the newsletter welcomes only an address that confirmed from its
// link (double opt-in), and its unsubscribe works from its link and by one-click POST (RFC 8058).
import { SEEDED_ADMIN, serviceClient } from '../support/backend.ts';
import { E2E_API_URL, E2E_SITE_URL } from '../support/e2e-env.ts';
import { expect, test } from '../support/fixtures.ts';
import { AdminPage, signIn } from '../admin/admin.po.ts';
import { BookingForm, ContactForm, NewsletterForm, VisaForm } from '../forms/forms.po.ts';
import { STAFF, icsLines, waitForNotification } from './mailbox.ts';
import { NEWSLETTER_CONFIRM_TEXTS } from '../../support/spec-texts.ts';

test.describe.configure({ timeout: 150_000 });

test('a booking emails staff, and the visitor a confirmation with a calendar file at the Lagos time', async ({ page }) => {
  const form = await BookingForm.open(page);
  const booked = form.valid();
  await form.fill(booked);
  await form.submit();
  await form.expectSuccess();

  const staff = await waitForNotification(STAFF, /^New booking: Amara Eze, /, { mentioning: form.email });
  expect(staff.text).toContain(form.email);
  const confirmation = await waitForNotification(form.email, /^Consultation requested with Bridgeway Visa & Immigration: /);
  expect(confirmation.subject).toContain(` at ${booked['Time']} (Lagos time, WAT)`);
  const [ics] = confirmation.attachments;
  expect(ics?.filename).toBe('consultation.ics');
  const lines = icsLines(ics!.content);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  // The booking form's time is Lagos time (UTC+1 all year): an hour earlier in UTC, on the booked day (slots start from 9:00).
  const [hour, minute] = booked['Time']!.split(':').map(Number) as [number, number];
  expect(lines).toContain(`DTSTART:${booked['Date']!.replace(/-/g, '')}T${String(hour - 1).padStart(2, '0')}${String(minute).padStart(2, '0')}00Z`);
  // It ends one slot later (public.booking_rules.slot_minutes, 30), as the database queued it.
  const ends = hour * 60 + minute - 60 + 30;
  expect(lines).toContain(`DTEND:${booked['Date']!.replace(/-/g, '')}T${String(Math.floor(ends / 60)).padStart(2, '0')}${String(ends % 60).padStart(2, '0')}00Z`);
  expect(lines.some((line) => line.startsWith('LOCATION:4th Floor\\, 14 Adeola Odeku Street'))).toBe(true);
});

test('a contact message emails staff with the page it came from', async ({ page }) => {
  const form = await ContactForm.open(page, '/contact1');
  await form.fillValid();
  await form.submit();
  await form.expectSuccess();
  const mail = await waitForNotification(STAFF, /^New message from Kwame Mensah: Business visa for Canada$/, { mentioning: form.email });
  expect(mail.text).toContain(form.email);
  expect(mail.text).toContain('I would like advice on a business visa.');
  expect(mail.links).toContain(`${E2E_SITE_URL}/contact1`);
});

test('an application emails staff a link to it in /admin and the applicant a reference; a status change reaches the applicant', async ({ page }) => {
  const form = await VisaForm.open(page);
  await form.fillValid();
  await form.submit();
  await form.expectSuccess();
  const { data } = await (await serviceClient()).from('visa_applications').select('id').eq('email', form.email).single();
  const reference = (data!.id as string).replace(/-/g, '').slice(0, 8).toUpperCase();

  const received = await waitForNotification(form.email, /^We received your /);
  expect(received.subject).toBe(`We received your Business Visa application (reference ${reference})`);
  const staff = await waitForNotification(STAFF, new RegExp(`^New visa application ${reference}: Business Visa from Ngozi Adebayo$`));
  const adminLink = staff.links.find((link) => link.includes('/admin'))!;
  expect(adminLink).toBe(`${E2E_SITE_URL}/admin?application=${data!.id as string}`);

  // The admin opens that link and approves the application in its dialog.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const admin = new AdminPage(page);
  // The link opens the application's case itself.
  await admin.open(new URL(adminLink).search);
  const dialog = page.getByRole('region', { name: 'Application of Ngozi Adebayo' });
  await dialog.getByLabel('Status').selectOption({ label: 'Approved' });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(admin.toast('Status of Ngozi Adebayo’s application changed to Approved.')).toBeVisible({ timeout: 20_000 });

  const changed = await waitForNotification(form.email, /: approved$/);
  expect(changed.subject).toBe(`Your Business Visa application (reference ${reference}): approved`);
  expect(changed.text).toContain('your application was approved');
});

test.describe('the newsletter welcome', () => {
  /** Signs up in the footer, confirms from the confirmation email's link on the site's page, and returns the welcome. */
  async function subscribe(page: import('@playwright/test').Page) {
    const form = await NewsletterForm.open(page);
    await form.fillValid();
    await form.submit();
    await form.expectSuccess();
    const confirmation = await waitForNotification(form.email, /^Please confirm your subscription to the Bridgeway Visa & Immigration newsletter$/);
    const link = confirmation.links.find((l) => l.startsWith(`${E2E_SITE_URL}/newsletter/confirm#token=`))!;
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_CONFIRM_TEXTS.done })).toBeVisible();
    const welcome = await waitForNotification(form.email, /^Welcome to the Bridgeway Visa & Immigration newsletter$/);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(welcome.headers['list-unsubscribe']!)![1]!;
    expect(oneClick.startsWith(`${E2E_API_URL}/functions/v1/unsubscribe?token=`)).toBe(true);
    return { email: form.email, welcome, oneClick, token: new URL(oneClick).searchParams.get('token')! };
  }

  async function unsubscribedAt(email: string): Promise<string | null> {
    const { data } = await (await serviceClient()).from('newsletter_subscribers').select('unsubscribed_at').eq('email', email).single();
    return data!.unsubscribed_at as string | null;
  }

  test('is sent only after the address confirms: until then, the confirmation is its only email', async ({ page }) => {
    const form = await NewsletterForm.open(page);
    await form.fillValid();
    await form.submit();
    await form.expectSuccess();
    await waitForNotification(form.email, /^Please confirm your subscription/);
    const { data } = await (await serviceClient()).from('notifications').select('kind').eq('recipient', form.email);
    expect(data!.map((row) => row.kind)).toEqual(['newsletter_confirmation']);
  });

  test('unsubscribes from its link: the site page posts the token to the function', async ({ page }) => {
    const { email, welcome, token } = await subscribe(page);
    const link = welcome.links.find((l) => l.includes('/unsubscribe#token='))!;
    expect(link).toBe(`${E2E_SITE_URL}/unsubscribe#token=${token}`);
    // The /unsubscribe page (built by the site) posts JSON {token} to the function from the site's
    // origin; this does the same from that origin, so CORS and the function are what is tested.
    await page.goto('/');
    const status = await page.evaluate(
      async ([url, value]) => (await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: value }) })).status,
      [`${E2E_API_URL}/functions/v1/unsubscribe`, token],
    );
    expect(status).toBe(200);
    expect(await unsubscribedAt(email)).not.toBeNull();
  });

  test('unsubscribes by one-click POST, and opening the link only leads to the page', async ({ page, request }) => {
    const { email, oneClick, token } = await subscribe(page);
    const opened = await request.get(oneClick, { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers()['location']).toBe(`${new URL(E2E_SITE_URL).origin}/unsubscribe#token=${token}`);
    expect(await unsubscribedAt(email)).toBeNull();
    const res = await request.post(oneClick, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
    expect(res.status()).toBe(200);
    expect(await unsubscribedAt(email)).not.toBeNull();
  });
});
