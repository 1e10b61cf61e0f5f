// Contact details edited in content/site.json reach the emails without a deploy of the function:
// the site publishes them (/data/brand.json, made by src/lib/content/published-brand.ts, which the
// build's endpoint calls; tests/e2e/published-brand.spec.ts checks the built file is what it makes
// of content/site.json), and send-notifications, in Deno, shows what the site it is set up for
// (SITE_URL) publishes. A site that is down or serves something hostile leaves the emails with
// the brand bundled at deploy. The staff who are told are always the bundled ones.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishedBrand } from '../../src/lib/content/published-brand.ts';
import { uniqueEmail, type TestBackend } from '../api/support.ts';
import { loadSettings } from '../content/content-files.ts';
import { closedPort, drain, functionsWith, notificationBackend, notificationMail, STAFF } from './support.ts';
import { openSlot } from '../support/open-slots.ts';

const SETTINGS = loadSettings();
const EDITED = { ...SETTINGS, name: 'Bridgeway Visa & Immigration Ltd', contact: { ...SETTINGS.contact, phone: '+234 1 999 0000', address: '1 New Street, Ikoyi, Lagos' } };

let backend: TestBackend;
beforeAll(async () => {
  backend = await notificationBackend();
});
afterAll(() => backend.close());

/** A site serving `body` at /data/brand.json. */
async function siteServing(body: string): Promise<{ url: string; reads: number; close(): Promise<void> }> {
  const site = {
    url: '',
    reads: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    if (req.url !== '/data/brand.json') return void res.writeHead(404).end();
    site.reads += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

/** Books a consultation and sends its emails with send-notifications set up for `siteUrl`; returns the visitor's confirmation and the staff notice. */
async function bookAndSend(siteUrl: string) {
  const email = uniqueEmail('booker');
  const { error } = await backend.client().from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...openSlot() });
  expect(error).toBeNull();
  const functions = await functionsWith(backend, { SITE_URL: siteUrl });
  try {
    await drain(backend, 'send-notifications', functions.url);
  } finally {
    await functions.stop();
  }
  const mail = await notificationMail(backend);
  const confirmation = mail.find((m) => m.to === email)!;
  const staff = mail.find((m) => m.to === STAFF && m.text.includes(email))!;
  return { confirmation, staff };
}

describe('send-notifications shows the brand the site published', () => {
  test('an edited name, phone and address show in the emails, from the site, with no deploy; staff are the bundled ones', async () => {
    const site = await siteServing(JSON.stringify(publishedBrand(EDITED)));
    try {
      const { confirmation, staff } = await bookAndSend(site.url);
      expect(confirmation.subject).toMatch(/^Your consultation with Bridgeway Visa & Immigration Ltd: /);
      expect(confirmation.text).toContain('+234 1 999 0000');
      expect(confirmation.text).toContain('1 New Street, Ikoyi, Lagos');
      expect(confirmation.text).not.toContain(SETTINGS.contact.phone);
      expect(confirmation.attachments[0]!.content).toContain('LOCATION:1 New Street\\, Ikoyi\\, Lagos');
      expect(staff).toBeDefined();
      expect(site.reads).toBe(1);
    } finally {
      await site.close();
    }
  });

  test('the published brand never holds the staff inboxes', () => {
    const text = JSON.stringify(publishedBrand(SETTINGS));
    for (const address of SETTINGS.notifications.staff) expect(text).not.toContain(address);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['name', 'contact']);
  });
});

describe('the bundled brand when the site cannot be used', () => {
  test('the site is down: the emails still go, with the contact details bundled at deploy', async () => {
    const { confirmation, staff } = await bookAndSend(`http://127.0.0.1:${await closedPort()}`);
    expect(confirmation.subject).toMatch(new RegExp(`^Your consultation with ${SETTINGS.name}: `));
    expect(confirmation.text).toContain(SETTINGS.contact.phone);
    expect(staff).toBeDefined();
  });

  test('the site serves a hostile brand (a header forged in the name): the bundled one', async () => {
    const site = await siteServing(JSON.stringify({ ...publishedBrand(EDITED), name: 'Bridgeway\r\nBcc: everyone@example.com' }));
    try {
      const { confirmation } = await bookAndSend(site.url);
      expect(confirmation.subject).toMatch(new RegExp(`^Your consultation with ${SETTINGS.name}: `));
      expect(confirmation.text).toContain(SETTINGS.contact.phone);
      expect(confirmation.headers['bcc']).toBeUndefined();
    } finally {
      await site.close();
    }
  });
});
