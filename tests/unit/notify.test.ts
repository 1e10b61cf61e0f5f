// The optional notifications against a local stand-in server that records what it received: the
// email service's body and success rule, the form service's access key and `success`, the
// timeout, and that a failure only warns.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LIB_VERSION, sendEmail, sendForm } from '../../src/lib/notify/send.ts';
import { readNotifySettings, type EmailServiceSettings } from '../../src/lib/notify/settings.ts';

interface Received {
  method: string;
  path: string;
  body: unknown;
}

const received: Received[] = [];
let answer: (res: ServerResponse) => void = (res) => res.end();
let origin: string;
const server = createServer((req: IncomingMessage, res) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => {
    received.push({ method: req.method!, path: req.url!, body: JSON.parse(text) });
    answer(res);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  vi.restoreAllMocks();
});

const emailSettings = (): EmailServiceSettings => ({
  url: origin,
  userId: 'user-1',
  serviceId: 'service-1',
  templates: { booking: 'tpl-booking', newsletter: 'tpl-news' },
});

describe('readNotifySettings', () => {
  it('is off while the variables are empty', () => {
    expect(readNotifySettings({})).toEqual({ email: null, form: null });
    expect(readNotifySettings({ PUBLIC_EMAIL_SERVICE_URL: 'https://mail.example', PUBLIC_FORM_SERVICE_URL: ' ' })).toEqual({
      email: null,
      form: null,
    });
  });

  it('reads both services when configured', () => {
    const settings = readNotifySettings({
      PUBLIC_EMAIL_SERVICE_URL: 'https://mail.example/',
      PUBLIC_EMAIL_SERVICE_USER_ID: 'u',
      PUBLIC_EMAIL_SERVICE_ID: 's',
      PUBLIC_EMAIL_BOOKING_TEMPLATE_ID: 'b',
      PUBLIC_EMAIL_NEWSLETTER_TEMPLATE_ID: 'n',
      PUBLIC_FORM_SERVICE_URL: 'https://forms.example/submit',
      PUBLIC_FORM_SERVICE_ACCESS_KEY: 'k',
    });
    expect(settings).toEqual({
      email: { url: 'https://mail.example', userId: 'u', serviceId: 's', templates: { booking: 'b', newsletter: 'n' } },
      form: { url: 'https://forms.example/submit', accessKey: 'k' },
    });
  });
});

describe('sendEmail', () => {
  it('posts the specification’s body to /api/v1.0/email/send and counts 200 as success', async () => {
    answer = (res) => res.writeHead(200).end('OK');
    const params = { full_name: 'Amara', email: 'a@b.co', date: '2026-12-01', time: '10:00' };
    expect(await sendEmail(emailSettings(), 'tpl-booking', params)).toBe(true);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/api/v1.0/email/send',
        body: {
          lib_version: EMAIL_LIB_VERSION,
          user_id: 'user-1',
          service_id: 'service-1',
          template_id: 'tpl-booking',
          template_params: params,
        },
      },
    ]);
  });

  it('counts the text OK as success whatever the status', async () => {
    answer = (res) => res.writeHead(202).end('OK');
    expect(await sendEmail(emailSettings(), 'tpl-news', { email: 'r@b.co' })).toBe(true);
  });

  it('warns, never errors, when the service refuses, and resolves false', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    answer = (res) => res.writeHead(400).end('The user ID is invalid');
    expect(await sendEmail(emailSettings(), 'tpl-news', { email: 'r@b.co' })).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it('gives up after its timeout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = (res) => setTimeout(() => res.writeHead(200).end('OK'), 1000);
    const started = performance.now();
    expect(await sendEmail(emailSettings(), 'tpl-news', { email: 'r@b.co' }, { timeoutMs: 100 })).toBe(false);
    expect(performance.now() - started).toBeLessThan(900);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('resolves false with a warning when nothing listens', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await sendEmail({ ...emailSettings(), url: 'http://127.0.0.1:1' }, 'tpl', {})).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('sendForm', () => {
  it('posts the fields with the access key and reads success', async () => {
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    const fields = { name: 'Kwame', email: 'k@b.co', subject: 'Visa', phone: '+233', message: 'Hi', page: '/contact' };
    expect(await sendForm({ url: `${origin}/submit`, accessKey: 'key-1' }, fields)).toBe(true);
    expect(received).toEqual([{ method: 'POST', path: '/submit', body: { ...fields, access_key: 'key-1' } }]);
  });

  it('counts success false as a failure, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":false,"message":"bad key"}');
    expect(await sendForm({ url: `${origin}/submit`, accessKey: 'wrong' }, { name: 'K' })).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});
