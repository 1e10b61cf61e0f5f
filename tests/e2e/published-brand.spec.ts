// The build publishes what the notification emails show (src/pages/data/brand.json.ts): exactly
// publishedBrand() of content/site.json, which tests/functions/published-brand.test.ts serves to
// send-notifications, revalidated on every read like the other /data files, and never a staff inbox.
import { publishedBrand } from '../../src/lib/content/published-brand.ts';
import { loadSettings } from '../content/content-files.ts';
import { expect, test } from './support/fixtures.ts';

test('/data/brand.json holds the name and contact details of content/site.json, and no staff inbox', async ({ request }) => {
  const settings = loadSettings();
  const res = await request.get('/data/brand.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(await res.json()).toEqual(publishedBrand(settings));
  const text = await res.text();
  for (const address of settings.notifications.staff) expect(text).not.toContain(address);
});
