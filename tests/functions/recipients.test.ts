// The sender mails one mailbox per message: it reads every recipient with nodemailer's own
// address parser and refuses, at once and with the reason, a row whose recipient that parser
// reads as anything but the one mailbox given. The database refuses such addresses already
// (tests/db/email-address.test.ts); this is the last line, for a row stored before that rule.
// The sender's own checks (oneMailbox, messageId) are tested in Deno, where the function runs
// (supabase/functions/tests/recipients.test.ts); here, the rule against the mail library, and a
// refused row the whole way through the function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import addressparser from 'nodemailer/lib/addressparser';
import { EMAIL_PATTERN } from '../../common/email-address.ts';
import type { TestBackend } from '../api/support.ts';
import { drain, notificationBackend, notificationMail, queue } from './support.ts';
import { openSlot } from '../support/open-slots.ts';

describe("the site's rule and the mail library", () => {
  it('agrees with the mail library on every address the rule accepts (2,000 random ones)', () => {
    // Every character the local part may hold, ASCII and beyond, joined by single dots.
    const atext = "abcXYZ019!#$%&'*+/=?^_`{|}~-éü用😀";
    const label = 'abcXYZ019-éü例';
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    const word = (chars: string) => Array.from({ length: 1 + random(6) }, () => [...chars][random([...chars].length)]).join('');
    for (let i = 0; i < 2_000; i++) {
      const address = `${Array.from({ length: 1 + random(3) }, () => word(atext)).join('.')}@${Array.from({ length: 2 + random(2) }, () => word(label)).join('.')}`;
      expect(EMAIL_PATTERN.test(address), address).toBe(true);
      expect(addressparser(address), address).toEqual([{ address, name: '' }]);
    }
  });
});

describe('a queued row whose recipient is a list', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await notificationBackend();
  });
  afterAll(() => backend.close());

  it('fails at once with the reason, and mails nobody', async () => {
    const { error } = await backend.client().from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email: 'someone@y.example', country: 'UK', ...openSlot() });
    expect(error).toBeNull();
    // A row stored before the domain refused lists: the rule is lifted for this one update.
    await backend.db.exec('alter domain public.email_address drop constraint email_address_format');
    try {
      await backend.db.query(`update public.notifications set recipient = 'someone,victim@y.example' where recipient = 'someone@y.example'`);
    } finally {
      await backend.db.exec(`alter domain public.email_address add constraint email_address_format check (value ~ '${EMAIL_PATTERN.source}') not valid`);
    }
    await drain(backend);
    const row = (await queue(backend)).find((r) => r.recipient === 'someone,victim@y.example')!;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Not sent: "someone,victim@y.example" is a list of 2 addresses, not one mailbox.' });
    const mail = await notificationMail(backend);
    expect(mail.filter((m) => /victim|someone/.test(m.to))).toEqual([]);
    // The staff's notice of the same booking went out as usual.
    expect(mail.filter((m) => m.subject.startsWith('New booking: Ada Obi'))).toHaveLength(1);
  });
});
