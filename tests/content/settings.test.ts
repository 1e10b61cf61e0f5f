// content/site.json: the specification's constants (section 9), the copyright year and the chat
// link that the Get Started popup and Emergency Visa share.
import { describe, expect, it } from 'vitest';
import { settingsSchema, visaSchema } from '../../src/lib/content/schemas.ts';
import { NOT_ONE_MAILBOX } from '../support/email-addresses.ts';
import { CONTENT_ROOT, loadMdxCollection, readJsonFile, validate } from './content-files.ts';

// The loader gives the file the id `site` (src/content.config.ts); the schema expects it.
const settings = validate(settingsSchema, { ...(readJsonFile('site.json') as object), id: 'site' }, `${CONTENT_ROOT}/site.json`);

describe('site settings', () => {
  it.each([
    ['loadingOverlayMs', 1000],
    ['carouselIntervalMs', 6000],
    ['swipeThresholdPx', 50],
    ['scrollTopThresholdPx', 200],
    ['animationMs', 1000],
  ] as const)('%s is %i', (name, value) => {
    expect(settings.timings[name]).toBe(value);
  });

  it('copyright year is 2024', () => {
    expect(settings.copyrightYear).toBe(2024);
  });

  it('names the consultancy and its production contact address', () => {
    expect(settings.name).toBe('Bridgeway Visa & Immigration');
    expect(settings.shortName).toBe('Bridgeway');
    expect(settings.contact.email).toBe('hello@bridgewayvisa.com');
    expect(settings.contact.address).toMatch(/Lagos/);
  });

  it('the chat link is a WhatsApp link to the WhatsApp number on the contact details', () => {
    const link = new URL(settings.chatLink);
    expect(link.origin).toBe('https://wa.me');
    expect(link.pathname).toBe(`/${settings.contact.whatsapp.replace(/\D/g, '')}`);
    expect(link.searchParams.get('text')?.length).toBeGreaterThan(10);
  });

  it('staff addresses are each one mailbox: a list, a display name or a quoted comma fails the build', () => {
    const raw = { ...(readJsonFile('site.json') as { notifications: object }), id: 'site' };
    for (const address of NOT_ONE_MAILBOX) {
      const checked = settingsSchema.safeParse({ ...raw, notifications: { staff: ['bookings@bridgewayvisa.com', address] } });
      expect(checked.success, address).toBe(false);
      expect(checked.error?.issues[0]?.path, address).toEqual(['notifications', 'staff', 1]);
    }
  });

  it('every social link is https', () => {
    for (const social of settings.social) expect(new URL(social.href).protocol).toBe('https:');
  });
});

describe('external chat link on visas', () => {
  const visas = loadMdxCollection('visas', visaSchema);

  it('only Emergency Visa carries one, and it opens the same WhatsApp chat', () => {
    const withLink = visas.filter((visa) => visa.data.link);
    expect(withLink.map((visa) => visa.data.type)).toEqual(['Emergency Visa']);
    const link = new URL(withLink[0]!.data.link!);
    const chat = new URL(settings.chatLink);
    expect(link.origin + link.pathname).toBe(chat.origin + chat.pathname);
  });
});
