// The outbox (/mail as a page, /mail.json and /mail?format=json), the templates of
// supabase/templates, and optional delivery to an SMTP server.
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';

/** A tiny SMTP server that accepts every message and keeps its raw DATA. */
async function fakeSmtp(): Promise<{ server: Server; port: number; received: { from: string; to: string; data: string }[] }> {
  const received: { from: string; to: string; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: '', data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let idx: number;
      while ((idx = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: '', data: '' };
            socket.write('250 queued\r\n');
          } else current.data += line + '\n';
        } else if (/^EHLO/i.test(line)) socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (/^AUTH PLAIN/i.test(line)) socket.write('235 ok\r\n');
        else if (/^MAIL FROM:/i.test(line)) {
          current.from = line.slice(10);
          socket.write('250 ok\r\n');
        } else if (/^RCPT TO:/i.test(line)) {
          current.to = line.slice(8);
          socket.write('250 ok\r\n');
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go\r\n');
        }
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('502 unknown\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

let backend: TestBackend;
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;

beforeAll(async () => {
  smtp = await fakeSmtp();
  backend = await startBackend({ smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: 'mailer', pass: 'secret' } });
});
afterAll(async () => {
  smtp?.server.close();
  await backend?.close();
});

test('signup mail is rendered from supabase/templates/confirmation.html with the configured subject', async () => {
  const email = uniqueEmail('tpl');
  await backend.client().auth.signUp({ email, password: 'template-password' });
  const mail = await backend.lastMail(email);
  expect(mail.subject).toBe('Confirm your email for Bridgeway Visa & Immigration');
  expect(mail.html).toContain('Confirm your email address');
  expect(mail.html).not.toMatch(/\{\{/);
  expect(mail.text).toContain(mail.links[0]!);
  expect(mail.token).toMatch(/^\d{6}$/);
});

test('the outbox is a readable page and JSON in two spellings', async () => {
  const email = uniqueEmail('page');
  await backend.client().auth.signUp({ email, password: 'template-password' });
  const page = await fetch(`${backend.url}/mail`);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('<h1>Local outbox</h1>');
  expect(html).toContain(email);
  expect(html).toContain('/auth/v1/verify?token=');
  const viaQuery = await (await fetch(`${backend.url}/mail?format=json&to=${encodeURIComponent(email)}`)).json();
  const viaPath = await (await fetch(`${backend.url}/mail.json?to=${encodeURIComponent(email)}`)).json();
  expect(viaQuery).toEqual(viaPath);
  expect(viaPath.messages).toHaveLength(1);
});

test('with SMTP configured the same message is delivered to the server', async () => {
  const email = uniqueEmail('smtp');
  await backend.client().auth.signUp({ email, password: 'template-password' });
  // Delivery is asynchronous; a busy CI machine can take several seconds.
  const deadline = Date.now() + 15_000;
  while (!smtp.received.some((m) => m.to === `<${email}>`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const message = smtp.received.find((m) => m.to === `<${email}>`);
  expect(message).toBeDefined();
  expect(message!.data).toContain('Content-Type: multipart/alternative');
  const html = message!.data.split('Content-Type: text/html; charset=utf-8')[1]!;
  const decoded = Buffer.from(html.split('\n\n')[1]!.replace(/\s+/g, ''), 'base64').toString();
  expect(decoded).toContain((await backend.lastMail(email)).links[0]!.replace(/&/g, '&amp;'));
});

test('the outbox can be emptied', async () => {
  expect((await fetch(`${backend.url}/mail`, { method: 'DELETE' })).status).toBe(204);
  expect((await (await fetch(`${backend.url}/mail.json`)).json()).messages).toEqual([]);
});
