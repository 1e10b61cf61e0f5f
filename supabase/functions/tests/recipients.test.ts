// Who a notification goes to, in the runtime the function runs in (`npm run test:functions`, Deno):
// one mailbox per message, read with nodemailer's own address parser, and a Message-ID per
// notification (and per staff address) that every attempt repeats. The whole way, from a queued
// row to the local mailbox, is tests/functions/recipients.test.ts.
import assert from 'node:assert/strict';
import { NOT_ONE_MAILBOX, ONE_MAILBOX } from '../../../tests/support/email-addresses.ts';
import { messageId } from '../send-notifications/message-id.ts';
import { oneMailbox, RefusedRecipient } from '../send-notifications/recipients.ts';

for (const address of ONE_MAILBOX) {
  Deno.test(`oneMailbox passes ${address}`, () => {
    assert.equal(oneMailbox(address), address);
  });
}

for (const address of NOT_ONE_MAILBOX) {
  Deno.test(`oneMailbox refuses ${JSON.stringify(address)}`, () => {
    assert.throws(() => oneMailbox(address), RefusedRecipient);
  });
}

Deno.test('oneMailbox names a list as one', () => {
  assert.throws(() => oneMailbox('someone,victim@y.example'), { message: 'Not sent: "someone,victim@y.example" is a list of 2 addresses, not one mailbox.' });
});

Deno.test('messageId is the same on every attempt, and one per staff address whatever its letter case', () => {
  const id = '6f1c2b7e-0000-4000-8000-000000000001';
  assert.equal(messageId(id), `<${id}@bridgewayvisa.com>`);
  assert.equal(messageId(id, 'a@bridgewayvisa.com'), messageId(id, 'A@bridgewayvisa.com'));
  assert.notEqual(messageId(id, 'a@bridgewayvisa.com'), messageId(id, 'b@bridgewayvisa.com'));
  assert.match(messageId(id, 'a@bridgewayvisa.com'), new RegExp(`^<${id}\\.[0-9a-f]{12}@bridgewayvisa\\.com>$`));
});
