// The mailbox (/mail as a page, /mail.json and /mail?format=json) and who may reach it, the
// templates of supabase/templates, and optional delivery to an SMTP server.
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { apiKeys } from '../../supabase/local/jwt.ts';
import { startBackend, TEST_CONFIG, uniqueEmail, type TestBackend } from './support.ts';

/** A tiny SMTP server that accepts every message and keeps its raw DATA. */
async function fakeSmtp(): Promise<{ server: Server; port: number; received: { from: string; to: string; data: string }[]; logins: string[] }> {
  const received: { from: string; to: string; data: string }[] = [];
  /** The credentials of each AUTH PLAIN, decoded: `\0user\0password`. */
  const logins: string[] = [];
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
        else if (/^AUTH PLAIN /i.test(line)) {
          logins.push(Buffer.from(line.slice(11), 'base64').toString());
          socket.write('235 ok\r\n');
        }
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
  return { server, port: (server.address() as AddressInfo).port, received, logins };
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

test('the mailbox is a readable page and JSON in two spellings', async () => {
  const email = uniqueEmail('page');
  await backend.client().auth.signUp({ email, password: 'template-password' });
  const page = await fetch(`${backend.url}/mail`);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  expect(html).toContain('<h1>Local mailbox</h1>');
  expect(html).toContain(email);
  expect(html).toContain('?token_hash=');
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
  expect(smtp.logins).toContain('\u0000mailer\u0000secret');
  expect(message!.from).toBe('<admin@email.com>');
  expect(message!.data).toMatch(/^From: .+ <admin@email\.com>$/m);
  expect(message!.data).toMatch(/^Subject: .+$/m);
});

/** A raw request, so the Host header can be anything (fetch always sends the URL's host). */
function rawRequest(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${backend.url}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.each(['localhost', 'localhost:4321', '127.0.0.1', '127.0.0.1:54321', '[::1]', '[::1]:8080', 'LOCALHOST'])(
  'the mailbox answers for the loopback host name %s',
  async (host) => {
    expect((await rawRequest('/mail.json', { host })).status).toBe(200);
  },
);

test.each(['evil.example', 'evil.example:54321', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5', '0.0.0.0:54321'])(
  'the mailbox refuses the host name "%s" with 421 (DNS rebinding)',
  async (host) => {
    const res = await rawRequest('/mail', { host });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body)).toEqual({ message: 'The mailbox answers only for localhost, 127.0.0.1 and [::1]' });
    expect(res.body).not.toContain('verify');
    expect((await rawRequest('/mail.json', { host })).status).toBe(421);
  },
);

test('emptying the mailbox needs the service_role key', async () => {
  const { anonKey, serviceRoleKey } = await apiKeys(loadConfig(TEST_CONFIG).jwtSecret);
  await backend.client().auth.signUp({ email: uniqueEmail('keep'), password: 'template-password' });
  const count = async () => ((await (await fetch(`${backend.url}/mail.json`)).json()) as { messages: unknown[] }).messages.length;
  const before = await count();
  expect(before).toBeGreaterThan(0);

  const none = await fetch(`${backend.url}/mail`, { method: 'DELETE' });
  expect(none.status).toBe(401);
  expect(await none.json()).toEqual({ message: 'Emptying the mailbox needs the service_role key' });
  const anon = await fetch(`${backend.url}/mail`, { method: 'DELETE', headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
  expect(anon.status).toBe(403);
  const elsewhere = await rawRequest('/mail', { host: 'evil.example', apikey: serviceRoleKey }, 'DELETE');
  expect(elsewhere.status).toBe(421);
  expect(await count()).toBe(before);

  expect((await fetch(`${backend.url}/mail`, { method: 'DELETE', headers: { authorization: `Bearer ${serviceRoleKey}` } })).status).toBe(204);
  expect(await count()).toBe(0);
  await backend.client().auth.signUp({ email: uniqueEmail('again'), password: 'template-password' });
  expect((await fetch(`${backend.url}/mail.json`, { method: 'DELETE', headers: { apikey: serviceRoleKey } })).status).toBe(204);
  expect(await count()).toBe(0);
});
