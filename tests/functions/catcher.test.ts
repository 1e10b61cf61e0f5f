// The local SMTP catcher on its own: what it stores in the outbox (recipient per envelope
// address, headers, attachments) and a refused address. It passes nothing on (no relay).
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Outbox } from '../../supabase/local/mail/mailbox.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../supabase/local/mail/smtp-catcher.ts';

const outbox = new Outbox();
let catcher: SmtpCatcher;

beforeAll(async () => {
  catcher = await startSmtpCatcher({ port: 0, outbox, refuse: /^nobody@/ });
});
afterAll(async () => {
  await catcher.close();
});

const send = (message: Parameters<ReturnType<typeof createTransport>['sendMail']>[0]) =>
  createTransport({ host: '127.0.0.1', port: catcher.port, secure: false }).sendMail({ from: 'sender@example.com', ...message });

test('each envelope recipient gets an outbox entry with the headers and attachments', async () => {
  await send({
    to: ['a@example.com', 'b@example.com'],
    subject: 'Hello',
    text: 'Plain',
    html: '<p>Rich <a href="https://example.com/x?a=1&amp;b=2">link</a></p>',
    messageId: '<fixed-id@bridgewayvisa.com>',
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }],
  });
  const stored = outbox.list();
  expect(stored.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
  expect(stored[0]).toMatchObject({ type: 'notification', from: 'sender@example.com', subject: 'Hello', token: '', links: ['https://example.com/x?a=1&b=2'] });
  expect(stored[0]!.headers['message-id']).toBe('<fixed-id@bridgewayvisa.com>');
  expect(stored[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(stored[0]!.attachments).toEqual([{ filename: 'invite.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', encoding: 'utf8' }]);
});

test('a refused address is answered 550, as a real server refuses an unknown mailbox', async () => {
  await expect(send({ to: 'nobody@example.com', subject: 'x', text: 'x' })).rejects.toThrow(/550/);
  expect(outbox.list('nobody@example.com')).toEqual([]);
});
