// content/site.json: rules that hold whatever its values. The values the specification fixes (the
// timings, the copyright year) and the contact details we ship are pinned in shipped-content.test.ts.
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/lib/content/schemas.ts';
import { NOT_ONE_MAILBOX } from '../support/email-addresses.ts';
import { loadSettings, readJsonFile } from './content-files.ts';

const settings = loadSettings();

describe('site settings', () => {
  it('the chat link is a WhatsApp link to the WhatsApp number on the contact details', () => {
    const link = new URL(settings.chatLink);
    expect(link.origin).toBe('https://wa.me');
    expect(link.pathname).toBe(`/${settings.contact.whatsapp.replace(/\D/g, '')}`);
    expect(link.searchParams.get('text')?.length).toBeGreaterThan(10);
  });

  it('staff addresses are each one mailbox: a list, a display name or a quoted comma fails the build', () => {
    const raw = { ...(readJsonFile('site.json') as { notifications: object }), id: 'site' };
    for (const address of NOT_ONE_MAILBOX) {
      const checked = settingsSchema.safeParse({ ...raw, notifications: { staff: ['staff@example.org', address] } });
      expect(checked.success, address).toBe(false);
      expect(checked.error?.issues[0]?.path, address).toEqual(['notifications', 'staff', 1]);
    }
  });

  it('every social link is https', () => {
    for (const social of settings.social) expect(new URL(social.href).protocol).toBe('https:');
  });

  it('the copyright year is a plausible year', () => {
    expect(settings.copyrightYear).toBeGreaterThanOrEqual(2000);
    expect(settingsSchema.shape.copyrightYear.safeParse(99).success).toBe(false);
  });
});
