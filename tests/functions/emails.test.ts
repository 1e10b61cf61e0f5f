// Each kind of notification, from the form that queues it to the email in the mailbox, the whole
// way it takes in production: the insert's trigger asks pg_net to call send-notifications, which
// runs in Deno and sends over SMTP. The right recipient, subject and content, one Message-ID per
// notification, the booking's calendar invitation in Lagos time, and the newsletter's one-click
// unsubscribe (RFC 8058).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { application, uniqueEmail, type TestBackend } from '../api/support.ts';
import { openSlot } from '../support/open-slots.ts';
import { mailTo, notificationBackend, notificationMail, queue, STAFF } from './support.ts';
import { APPLICATION_CARD_TEXTS } from '../support/spec-texts.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await notificationBackend({ databaseCalls: true });
});
afterAll(() => backend.close());


describe('a booking', () => {
  test('tells staff, and tells the visitor their request is held, with a calendar invitation at the Lagos time', async () => {
    const email = uniqueEmail('booker');
    // An open slot: the database judges every booking (20261122000720_bookings.sql).
    const slot = openSlot();
    const { error } = await backend.client().from('bookings').insert({ full_name: 'Ada Obi', phone: '+234 800 000 0001', email, country: 'UK', ...slot });
    expect(error).toBeNull();
    const [confirmation] = await mailTo(backend, email);
    await expect.poll(async () => (await notificationMail(backend)).filter((m) => m.to === STAFF && m.subject.startsWith('New booking: Ada Obi')).length).toBe(1);
    const staff = (await notificationMail(backend)).filter((m) => m.to === STAFF && m.subject.startsWith('New booking: Ada Obi'));
    expect(staff[0]!.text).toContain(email);

    // A booking is a request until staff confirm it (tests/functions/booking-emails.test.ts follows the rest of its life).
    expect(confirmation!.subject).toMatch(new RegExp(`^Consultation requested with Bridgeway Visa & Immigration: [A-Z][a-z]+day, \\d{1,2} [A-Z][a-z]+ \\d{4} at ${slot.time} \\(Lagos time, WAT\\)$`));
    const row = (await queue(backend)).find((r) => r.kind === 'booking_confirmation' && r.recipient === email)!;
    await expect.poll(async () => (await queue(backend, row.subject_id)).find((r) => r.id === row.id)?.status).toBe('sent');
    expect(confirmation!.headers['message-id']).toBe(`<${row.id}@bridgewayvisa.com>`);
    const [ics] = confirmation!.attachments;
    expect(ics!.filename).toBe('consultation.ics');
    expect(ics!.contentType).toBe('text/calendar');
    const lines = ics!.content.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
    // Lagos is UTC+1 all year: the slot's time there is an hour earlier in UTC.
    expect(lines).toContain(`DTSTART:${new Date(`${slot.date}T${slot.time}:00+01:00`).toISOString().replace(/[-:]|\.000/g, '')}`);
    // It ends one slot later (public.booking_rules.slot_minutes, 30), as the database queued it.
    expect(lines).toContain(`DTEND:${new Date(Date.parse(`${slot.date}T${slot.time}:00+01:00`) + 30 * 60_000).toISOString().replace(/[-:]|\.000/g, '')}`);
    expect(lines.some((l) => /^UID:booking-[0-9a-f-]{36}@bridgewayvisa\.com$/.test(l))).toBe(true);
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
    expect(lines).toContain('LOCATION:4th Floor\\, 14 Adeola Odeku Street\\, Victoria Island\\, Lagos 101241\\, Nigeria');
  });
});

test('a contact message tells staff, with the page it came from', async () => {
  const email = uniqueEmail('writer');
  const { error } = await backend.client().from('contact_messages').insert({ name: 'Li Wei', email, subject: 'Study permit', phone: '+86 10 0000 0000', message: 'Can you help?', page: '/contact1' });
  expect(error).toBeNull();
  let mail: Awaited<ReturnType<typeof notificationMail>>[number] | undefined;
  await expect.poll(async () => (mail = (await notificationMail(backend)).find((m) => m.to === STAFF && m.subject === 'New message from Li Wei: Study permit')), { timeout: 20_000 }).toBeDefined();
  expect(mail!.text).toContain('Can you help?');
  expect(mail!.links).toContain('http://localhost:4321/contact1');
});

describe('a visa application', () => {
  let userClient: TestBackend['client'] extends () => infer C ? C : never;
  let applicationId: string;
  const email = uniqueEmail('applicant');

  beforeAll(async () => {
    ({ client: userClient } = await backend.confirmedUser(email));
    const { data, error } = await userClient.from('visa_applications').insert(application('Tunde Bakare', { email, visa_type: 'Business Visa' })).select('id').single();
    expect(error).toBeNull();
    applicationId = data!.id as string;
  });

  test('tells staff with a link to it in /admin, and the applicant with a reference to quote', async () => {
    const reference = applicationId.replace(/-/g, '').slice(0, 8).toUpperCase();
    const [received] = (await mailTo(backend, email)).filter((m) => m.subject.startsWith('We received'));
    expect(received!.subject).toBe(`We received your Business Visa application (reference ${reference})`);
    expect(received!.text).toContain(reference);
    let staff: Awaited<ReturnType<typeof notificationMail>>[number] | undefined;
    await expect.poll(async () => (staff = (await notificationMail(backend)).find((m) => m.to === STAFF && m.subject === `New visa application ${reference}: Business Visa from Tunde Bakare`)), { timeout: 20_000 }).toBeDefined();
    expect(staff!.links).toContain(`http://localhost:4321/admin?application=${applicationId}`);
  });

  test('tells the applicant when an admin moves it to in review, approved or rejected', async () => {
    const admin = await backend.confirmedUser(uniqueEmail('admin'));
    await backend.makeAdmin(admin.userId, admin.client);
    await admin.client.auth.refreshSession();
    for (const [status, words, count] of [['in_review', 'in review', 2], ['approved', 'approved', 3]] as const) {
      const { error } = await admin.client.from('visa_applications').update({ status }).eq('id', applicationId);
      expect(error).toBeNull();
      // The application-received email, then one per change.
      const changed = (await mailTo(backend, email, count)).filter((m) => m.subject.endsWith(`: ${words}`));
      expect(changed).toHaveLength(1);
      expect(changed[0]!.subject).toMatch(/^Your Business Visa application \(reference [0-9A-F]{8}\): /);
      // A decision says the day its documents go (the retention rule's 180 days, in Lagos), and links
      // to the download before it; in review is no decision.
      const { rows } = await backend.db.query<{ day: string }>(
        `select to_char((changed_at + interval '180 days') at time zone 'Africa/Lagos', 'FMDD FMMonth YYYY') as day
         from public.application_status_changes where application_id = $1 and to_status = $2`,
        [applicationId, status],
      );
      const removal = APPLICATION_CARD_TEXTS.documentsKeptUntil(rows[0]!.day);
      if (status === 'approved') {
        expect(changed[0]!.text.replace(/\s+/g, ' ')).toContain(removal);
        expect(changed[0]!.links).toContain('http://localhost:4321/profile#account-rights-title');
      } else {
        expect(changed[0]!.text).not.toContain('We keep the documents');
      }
    }
  });
});

describe("an application's documents", () => {
  test('a request for missing documents reaches the applicant naming each item; the last item tells staff once; a file to replace says why', async () => {
    const email = uniqueEmail('asked');
    const applicant = await backend.confirmedUser(email);
    const { data, error } = await applicant.client.from('visa_applications').insert(application('Ifeoma Nwosu', { email, visa_type: 'Tourist Visa' })).select('id').single();
    expect(error).toBeNull();
    const applicationId = data!.id as string;
    const reference = applicationId.replace(/-/g, '').slice(0, 8).toUpperCase();
    const admin = await backend.confirmedUser(uniqueEmail('staff'));
    await backend.makeAdmin(admin.userId, admin.client);
    await admin.client.auth.refreshSession();
    const upload = async (item: string, name: string) => {
      const { error: refused } = await applicant.client.storage
        .from('application-documents')
        .upload(`${applicant.userId}/${applicationId}/${item}/${name}`, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
      expect(refused).toBeNull();
    };

    const items = [{ key: 'passport', label: 'Passport bio page' }, { key: 'bank-statements', label: 'Bank statements, last 6 months' }];
    expect((await admin.client.rpc('request_documents', { application_id: applicationId, items, note: 'Before Friday, please.' })).error).toBeNull();
    const requested = (await mailTo(backend, email, 2)).find((m) => m.subject.startsWith('Documents needed'))!;
    expect(requested.subject).toBe(`Documents needed for your Tourist Visa application (reference ${reference})`);
    expect(requested.text).toContain('- Passport bio page\n- Bank statements, last 6 months');
    expect(requested.text).toContain('Before Friday, please.');
    expect(requested.links).toContain('http://localhost:4321/profile');

    await upload('passport', 'passport.pdf');
    const { data: files } = await admin.client.rpc('application_documents', { application_id: applicationId });
    const passport = (files as { id: string; item: string }[]).find((file) => file.item === 'passport')!;
    expect((await admin.client.rpc('review_document', { object_id: passport.id, verdict: 'needs_replacing', reason: 'The scan is cut off.', item_label: 'Passport bio page' })).error).toBeNull();
    const replace = (await mailTo(backend, email, 3)).find((m) => m.subject.startsWith('Please send a new file'))!;
    expect(replace.subject).toBe(`Please send a new file for Passport bio page: your Tourist Visa application (reference ${reference})`);
    expect(replace.text).toContain('Why: The scan is cut off.');
    expect(replace.text).toContain('File: passport.pdf');
    expect(replace.links).toContain('http://localhost:4321/profile');

    // The statements arrive, then the passport again: that settles the request, and staff hear of it once.
    await upload('bank-statements', 'january.pdf');
    await upload('passport', 'passport-full.pdf');
    await upload('passport', 'passport-back.pdf');
    const subject = `Documents provided for application ${reference}: Ifeoma Nwosu`;
    await expect.poll(async () => (await notificationMail(backend)).filter((m) => m.to === STAFF && m.subject === subject).length, { timeout: 20_000 }).toBe(1);
    const provided = (await notificationMail(backend)).find((m) => m.to === STAFF && m.subject === subject)!;
    expect(provided.text).toContain('- Passport bio page\n- Bank statements, last 6 months');
    expect(provided.links).toContain(`http://localhost:4321/admin?application=${applicationId}`);
    await expect.poll(async () => (await queue(backend, applicationId)).filter((row) => row.kind === 'staff_documents_provided').map((row) => row.status)).toEqual(['sent']);
  });
});

describe('a newsletter subscription', () => {
  test('is asked to confirm first: the only email is the confirmation, whose link leads to the site’s page', async () => {
    const email = uniqueEmail('asked');
    expect((await backend.client().rpc('subscribe_newsletter', { email })).error).toBeNull();
    const [confirmation] = await mailTo(backend, email);
    expect(confirmation!.subject).toBe('Please confirm your subscription to the Bridgeway Visa & Immigration newsletter');
    // The link's token is in the email alone: the row keeps its SHA-256, and the sent row's payload lost it.
    const link = confirmation!.links.find((href) => href.startsWith('http://localhost:4321/newsletter/confirm#token='))!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await backend.db.query(`select encode(confirmation_token_hash, 'hex') as hash from public.newsletter_subscribers where lower(email) = $1`, [email]);
    expect(rows).toEqual([{ hash: createHash('sha256').update(token).digest('hex') }]);
    const payloads = async () => (await backend.db.query(`select status, payload from public.notifications where recipient = $1`, [email])).rows;
    await expect.poll(payloads).toEqual([{ status: 'sent', payload: {} }]);
    expect(confirmation!.text).toContain('If it was not you, ignore this email.');
    // Nothing else reaches the address before it confirms: its queue holds the confirmation alone, sent.
    await expect.poll(async () => (await queue(backend)).filter((r) => r.recipient === email).map((r) => [r.kind, r.status])).toEqual([['newsletter_confirmation', 'sent']]);
    expect(await mailTo(backend, email)).toHaveLength(1);
  });

  test('once confirmed, is welcomed with RFC 8058 headers, and the one-click POST unsubscribes', async () => {
    const email = uniqueEmail('reader');
    expect((await backend.client().rpc('subscribe_newsletter', { email })).error).toBeNull();
    const [confirmation] = await mailTo(backend, email);
    const confirmLink = confirmation!.links.find((href) => href.includes('/newsletter/confirm#token='))!;
    const confirmToken = new URLSearchParams(new URL(confirmLink).hash.slice(1)).get('token')!;
    expect((await backend.client().rpc('confirm_newsletter', { token: confirmToken })).data).toBe(true);
    const welcome = (await mailTo(backend, email, 2)).find((m) => m.subject.startsWith('Welcome'));
    expect(welcome!.subject).toBe('Welcome to the Bridgeway Visa & Immigration newsletter');
    expect(welcome!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(welcome!.headers['list-unsubscribe']!)![1]!;
    expect(oneClick).toMatch(new RegExp(`^${backend.url}/functions/v1/unsubscribe\\?token=[0-9a-f]{64}$`));
    const token = new URL(oneClick).searchParams.get('token');
    expect(welcome!.links).toContain(`http://localhost:4321/unsubscribe#token=${token}`);

    // Opening the link (GET) only leads to the site's page, which asks first.
    const opened = await fetch(oneClick, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`http://localhost:4321/unsubscribe#token=${token}`);
    const { rows: before } = await backend.db.query<{ unsubscribed_at: string | null }>('select unsubscribed_at from public.newsletter_subscribers where lower(email) = $1', [email]);
    expect(before[0]!.unsubscribed_at).toBeNull();

    const res = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    const { rows } = await backend.db.query<{ unsubscribed_at: string | null }>('select unsubscribed_at from public.newsletter_subscribers where lower(email) = $1', [email]);
    expect(rows[0]!.unsubscribed_at).not.toBeNull();
    // The site's page posts JSON; a second request is answered the same (idempotent).
    const again = await fetch(`${backend.url}/functions/v1/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(again.status).toBe(200);
  });

  test('an address that unsubscribes before its welcome is sent gets nothing', async () => {
    const email = uniqueEmail('leaver');
    // Signed up, confirmed and gone again before the sender's call arrives: all in the transaction that queues the welcome.
    await backend.db.transaction(async (tx) => {
      await tx.query('select public.subscribe_newsletter($1)', [email]);
      await tx.query(
        `select public.confirm_newsletter(n.payload ->> 'link_token') from public.notifications n
         join public.newsletter_subscribers s on s.id = n.subject_id where lower(s.email) = $1 and n.kind = 'newsletter_confirmation'`,
        [email],
      );
      await tx.query('update public.newsletter_subscribers set unsubscribed_at = now() where lower(email) = $1', [email]);
    });
    const outcome = async () => {
      const { rows } = await backend.db.query<{ kind: string; status: string; sent_at: string | null; last_error: string | null }>(
        'select kind, status, sent_at, last_error from public.notifications where recipient = $1 order by kind::text',
        [email],
      );
      return rows;
    };
    // Neither the confirmation nor the welcome goes: both completed without sent_at, saying why.
    await expect
      .poll(outcome, { timeout: 20_000 })
      .toEqual([
        { kind: 'newsletter_confirmation', status: 'sent', sent_at: null, last_error: 'Not sent: the address confirmed first.' },
        { kind: 'newsletter_welcome', status: 'sent', sent_at: null, last_error: 'Not sent: the address unsubscribed first.' },
      ]);
    expect((await notificationMail(backend)).filter((m) => m.to === email)).toEqual([]);
  });

  test('an address that unsubscribes before its confirmation is sent is not asked to confirm', async () => {
    const email = uniqueEmail('changed-mind');
    await backend.db.transaction(async (tx) => {
      await tx.query('select public.subscribe_newsletter($1)', [email]);
      await tx.query('update public.newsletter_subscribers set unsubscribed_at = now() where lower(email) = $1', [email]);
    });
    const outcome = async () =>
      (await backend.db.query('select kind, status, sent_at, last_error from public.notifications where recipient = $1', [email])).rows;
    await expect
      .poll(outcome, { timeout: 20_000 })
      .toEqual([{ kind: 'newsletter_confirmation', status: 'sent', sent_at: null, last_error: 'Not sent: the address unsubscribed first.' }]);
    expect((await notificationMail(backend)).filter((m) => m.to === email)).toEqual([]);
  });

  test('a malformed or unknown token is refused without touching anyone', async () => {
    const post = (token: string) => fetch(`${backend.url}/functions/v1/unsubscribe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect((await post("x' or 1=1 --")).status).toBe(400);
    expect((await post('00000000-0000-4000-8000-000000000000')).status).toBe(400);
    expect((await post('0'.repeat(64))).status).toBe(404);
    // The confirmation RPC likewise: 400 for a value not shaped like a token, false for a forged one.
    const confirm = (token: string) => fetch(`${backend.url}/rest/v1/rpc/confirm_newsletter`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect((await confirm("x' or 1=1 --")).status).toBe(400);
    const forged = await confirm('0'.repeat(64));
    expect([forged.status, await forged.json()]).toEqual([200, false]);
  });
});
