// supabase-js in a real browser (Debian's Chromium) on a page of an allowed origin: every call is
// preflighted, and `count` only arrives when Content-Range is exposed. A page of another origin is
// refused by the browser.
import { chromium, type Browser } from '@playwright/test';
import type { createClient } from '@supabase/supabase-js';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startBackend, uniqueEmail, type TestBackend } from './support.ts';
import { openSlot } from '../support/open-slots.ts';

const require = createRequire(import.meta.url);
const UMD = require.resolve('@supabase/supabase-js').replace(/dist\/.*$/, 'dist/umd/supabase.js');

/** Serves a blank page and supabase-js's browser bundle on an ephemeral port. */
async function pageServer(): Promise<{ server: Server; origin: string }> {
  const bundle = await readFile(UMD);
  const server = createServer((req, res) => {
    if (req.url === '/supabase.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html lang="en"><title>CORS check</title><script src="/supabase.js"></script><h1>CORS check</h1></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let backend: TestBackend;
let allowed: { server: Server; origin: string };
let foreign: { server: Server; origin: string };
let browser: Browser;

beforeAll(async () => {
  [allowed, foreign] = await Promise.all([pageServer(), pageServer()]);
  backend = await startBackend({ corsOrigins: [...loadConfig().corsOrigins, allowed.origin] });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  allowed?.server.close();
  foreign?.server.close();
  await backend?.close();
});

test('preflight answers allow supabase-js headers and expose content-range', async () => {
  const res = await fetch(`${backend.url}/rest/v1/visa_applications`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:4321', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,authorization,prefer,content-profile,x-client-info' },
  });
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  const allowedHeaders = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
  for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'prefer', 'accept-profile', 'content-profile']) {
    expect(allowedHeaders).toContain(h);
  }
  expect(res.headers.get('access-control-expose-headers')).toContain('content-range');
  const evil = await fetch(`${backend.url}/rest/v1/visa_applications`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
  expect(evil.status).toBe(403);
  expect(evil.headers.get('access-control-allow-origin')).toBeNull();
});

test('supabase-js in Chromium signs in, inserts and reads an exact count from an allowed origin', async () => {
  const email = uniqueEmail('browser');
  await backend.confirmedUser(email, 'browser-password');
  const page = await browser.newPage();
  await page.goto(allowed.origin);
  const result = await page.evaluate(
    async ({ url, key, email, slot }) => {
      const client = (window as unknown as { supabase: { createClient: typeof createClient } }).supabase.createClient(url, key, { auth: { storageKey: 'cors-check' } });
      const signIn = await client.auth.signInWithPassword({ email, password: 'browser-password' });
      const booking = await client.from('bookings').insert({ full_name: 'Browser', phone: '+1 555 0100', email, country: 'USA', ...slot });
      const app = {
        visa_type: 'Business Visa', name: 'Browser Applicant', email, phone: '+1 555 0100', dob: '1985-01-01',
        nationality: 'Ghanaian', passport_number: 'G123', marital_status: 'Married', address: 'Accra',
      };
      await client.from('visa_applications').insert([app, { ...app, name: 'Second' }]);
      const counted = await client.from('visa_applications').select('name', { count: 'exact' }).range(0, 0);
      return { signInError: signIn.error?.message ?? null, bookingStatus: booking.status, count: counted.count, rows: counted.data?.length, status: counted.status };
    },
    { url: backend.url, key: backend.anonKey, email, slot: openSlot() },
  );
  expect(result).toEqual({ signInError: null, bookingStatus: 201, count: 2, rows: 1, status: 206 });
  await page.close();
});

test('a page of another origin is refused by the browser', async () => {
  const page = await browser.newPage();
  await page.goto(foreign.origin);
  const outcome = await page.evaluate(async ({ url, key }) => {
    try {
      await fetch(`${url}/rest/v1/bookings`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
      return 'reached';
    } catch (err) {
      return (err as Error).name;
    }
  }, { url: backend.url, key: backend.anonKey });
  expect(outcome).toBe('TypeError');
  await page.close();
});
