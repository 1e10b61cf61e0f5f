// The brand the emails show (send-notifications/emails/published-brand.ts), in Deno with a fake
// site: the published name and contact details are used, with the bundled staff and colours, and
// read again only after BRAND_TTL_MS; a site that is down, slow to fail, answers an error, or
// serves anything but a brand gives the bundled brand, asked again after
// BRAND_RETRY_MS.
import assert from 'node:assert/strict';
import { BRAND } from '../send-notifications/emails/brand.ts';
import { BRAND_RETRY_MS, BRAND_TTL_MS, currentBrand, forgetBrand, PUBLISHED_BRAND_PATH } from '../send-notifications/emails/published-brand.ts';

const SITE = 'https://www.bridgewayvisa.com';
const PUBLISHED = {
  name: 'Bridgeway Visa & Immigration Ltd',
  contact: { phone: '+234 1 999 0000', whatsapp: '+234 803 000 0000', email: 'office@bridgewayvisa.com', address: '1 New Street, Lagos' },
};

/** A fake site answering each read with `answer`; counts the reads. */
function site(answer: () => Response | Promise<Response>) {
  const reads: string[] = [];
  const fetcher = (url: string) => {
    reads.push(url);
    return Promise.resolve(answer());
  };
  return { reads, fetcher };
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const T = Date.UTC(2026, 10, 28, 12);

Deno.test('the published name and contact details are used, with the bundled staff and colours, cached for BRAND_TTL_MS', async () => {
  forgetBrand();
  const { reads, fetcher } = site(() => json(PUBLISHED));
  const brand = await currentBrand(SITE, fetcher, T);
  assert.deepEqual(brand, { ...BRAND, name: PUBLISHED.name, contact: PUBLISHED.contact });
  assert.deepEqual(brand.staff, BRAND.staff);
  assert.deepEqual(reads, [`${SITE}${PUBLISHED_BRAND_PATH}`]);
  await currentBrand(SITE, fetcher, T + BRAND_TTL_MS - 1);
  assert.equal(reads.length, 1);
  await currentBrand(SITE, fetcher, T + BRAND_TTL_MS);
  assert.equal(reads.length, 2);
});

const FAILURES: [string, () => Response | Promise<Response>][] = [
  ['the site is down', () => Promise.reject(new TypeError('error sending request: Connection refused'))],
  ['it answers 404', () => new Response('Not found', { status: 404 })],
  ['it answers HTML', () => new Response('<!doctype html><p>Hello')],
  ['a JSON array', () => json([PUBLISHED])],
  ['no contact', () => json({ name: PUBLISHED.name })],
  ['a phone that is a number', () => json({ ...PUBLISHED, contact: { ...PUBLISHED.contact, phone: 2341280 } })],
  ['a name with a line break (a forged email header)', () => json({ ...PUBLISHED, name: 'Bridgeway\r\nBcc: everyone@example.com' })],
  ['an email that is a list', () => json({ ...PUBLISHED, contact: { ...PUBLISHED.contact, email: 'a@example.com, b@example.com' } })],
  ['an address of 10,000 characters', () => json({ ...PUBLISHED, contact: { ...PUBLISHED.contact, address: 'x'.repeat(10_000) } })],
  ['a file of 1 MB', () => new Response(JSON.stringify({ ...PUBLISHED, padding: 'x'.repeat(1_000_000) }))],
  ['a JavaScript prototype trick', () => new Response('{"__proto__":{"name":"Evil"},"contact":{}}')],
];

for (const [what, answer] of FAILURES) {
  Deno.test(`the bundled brand when ${what}, asked again after BRAND_RETRY_MS`, async () => {
    forgetBrand();
    const { reads, fetcher } = site(answer);
    const logged: string[] = [];
    const error = console.error;
    console.error = (line: string) => void logged.push(line);
    try {
      assert.deepEqual(await currentBrand(SITE, fetcher, T), BRAND);
      await currentBrand(SITE, fetcher, T + BRAND_RETRY_MS - 1);
      assert.equal(reads.length, 1);
      await currentBrand(SITE, fetcher, T + BRAND_RETRY_MS);
      assert.equal(reads.length, 2);
    } finally {
      console.error = error;
    }
    assert.match(logged[0]!, /\/data\/brand\.json: .+; the emails use the brand bundled at deploy\.$/);
  });
}
