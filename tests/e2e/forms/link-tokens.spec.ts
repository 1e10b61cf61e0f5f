// The secret token of an emailed link never leaves the browser except to the API call it is for:
// the booking's email links with it in the fragment; the page takes it, puts the address back
// without it, and sends no Referer (Referrer-Policy: no-referrer), so none of the page's own
// requests (its document, scripts, styles, fonts, the look-up of times) names it in its address or
// headers, and the address bar and history no longer show it. An older email's `?token=` link is
// read the same way, and cleared.
import type { Page, Request } from '@playwright/test';
import { test } from '../support/fixtures.ts';
import { anonClient, uniqueEmail, waitForMail } from '../support/backend.ts';
import { openSlot } from '../../support/open-slots.ts';
import { expect } from '@playwright/test';

test.describe.configure({ timeout: 120_000 });

/** Books a consultation as the form does and returns the link of its first email. */
async function bookedLink(): Promise<string> {
  const email = uniqueEmail('token');
  const { error } = await (await anonClient()).from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 809 000 0000', email, country: 'UK', ...openSlot() });
  expect(error).toBeNull();
  const mail = await waitForMail(email, 'notification', { timeoutMs: 30_000 });
  const link = mail.links.find((l) => new URL(l).pathname === '/appointment');
  if (!link) throw new Error('no appointment link in the email');
  return link;
}

/** Every request the page makes from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** Opens `address` and checks that nothing but the booking's RPC bodies carries `token`. */
async function opensWithoutLeaking(page: Page, address: string, token: string) {
  const requests = recordRequests(page);
  await page.goto(address);
  await expect(page.getByRole('region', { name: 'Booking details' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Booking details' })).toContainText('Ada Obi');
  // The page has settled: its idle-time scripts and prefetches have had their chance.
  await page.waitForLoadState('networkidle');
  expect(page.url()).not.toContain(token);
  expect(await page.evaluate(() => window.location.href)).toBe(new URL('/appointment', page.url()).toString());
  const document = requests.find((request) => request.isNavigationRequest())!;
  expect((await document.response())!.headers()['referrer-policy']).toBe('no-referrer');
  const afterTheDocument = requests.filter((request) => request !== document);
  expect(afterTheDocument.length).toBeGreaterThan(3);
  for (const request of afterTheDocument) {
    expect(request.url(), `${request.method()} ${request.url()}`).not.toContain(token);
    const headers = await request.allHeaders();
    for (const [name, value] of Object.entries(headers)) expect(value, `${name} of ${request.url()}`).not.toContain(token);
    if (request.postData()?.includes(token)) expect(new URL(request.url()).pathname).toBe('/rest/v1/rpc/booking_by_link');
  }
  return requests;
}

test('a booking link: the email carries the token in the fragment; no request names it, and the address bar loses it', async ({ page }) => {
  const link = await bookedLink();
  const url = new URL(link);
  expect(url.search).toBe('');
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  const requests = await opensWithoutLeaking(page, link, token);
  // Not even the document's own request: the fragment never leaves the browser.
  expect(requests.find((request) => request.isNavigationRequest())!.url()).not.toContain(token);
  // Back and reload find no token in the history either.
  await page.reload();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(page.url()).not.toContain(token);
});

test('an older email’s ?token= link still opens the booking, and the address is cleared', async ({ page }) => {
  const link = await bookedLink();
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
  const old = new URL('/appointment', link);
  old.searchParams.set('token', token);
  await opensWithoutLeaking(page, old.toString(), token);
});
