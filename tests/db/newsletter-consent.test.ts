// Consent that can be proven (20261122000800_newsletter.sql, docs/privacy.md): a newsletter sign-up
// records what was agreed (the privacy notice's version shown beside the form, the page, the
// time), and the confirmation's time; signing up again while pending or unsubscribed records the
// new consent; the columns refuse what is not a version or a page. And marketing email only ever
// goes to confirmed subscribers: the welcome is queued by the confirmation alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';
import { noticeVersion } from '../../src/lib/content/schemas.ts';
import { CONSENT_PAGE_MAX_LENGTH, consentPage } from '../../src/lib/forms/newsletter.ts';
import { loadMdxCollection } from '../content/content-files.ts';
import { anon, attemptAs, emailedLinkToken, openTestDb, runAs, uniqueEmail, type TestDb } from './support.ts';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** The version the shipped notice has: what the site's form sends with a sign-up. */
const VERSION = loadMdxCollection(COLLECTIONS.privacy)[0]!.data.version;

interface Consent {
  id: string;
  consent_notice_version: string | null;
  consent_page: string | null;
  /** Milliseconds since the epoch (the driver gives timestamps as text). */
  consent_given_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

const signUp = (email: string, version: string | null = VERSION, page: string | null = '/about') =>
  runAs(db, anon, 'select public.subscribe_newsletter(email => $1, notice_version => $2, page => $3)', [email, version, page]);

async function consentOf(email: string): Promise<Consent> {
  const { rows } = await db.query<Consent>(
    `select id, consent_notice_version, consent_page, ${['consent_given_at', 'confirmed_at', 'unsubscribed_at'].map((column) => `(extract(epoch from ${column}) * 1000)::float8 as ${column}`).join(', ')}
     from public.newsletter_subscribers where lower(email) = lower($1)`,
    [email],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const confirm = async (id: string) => {
  const token = await emailedLinkToken(db, 'newsletter_confirmation', id);
  return (await runAs<{ ok: boolean }>(db, anon, 'select public.confirm_newsletter($1) as ok', [token])).rows[0]!.ok;
};

/** Lets the hourly spam limit forget the address, as an hour passing would. */
const anHourLater = (email: string) => db.query('delete from private.form_submissions where email = lower($1)', [email]);

const databaseNow = async () => (await db.query<{ now: number }>('select (extract(epoch from clock_timestamp()) * 1000)::float8 as now')).rows[0]!.now;

describe('a sign-up records the consent it gives', () => {
  it('the notice’s version, the page and the time, and later the confirmation’s time', async () => {
    const email = uniqueEmail('consenting');
    const before = await databaseNow();
    await signUp(email, VERSION, '/news-media');
    const after = await databaseNow();
    const given = await consentOf(email);
    expect(given).toMatchObject({ consent_notice_version: VERSION, consent_page: '/news-media', confirmed_at: null });
    expect(given.consent_given_at).toBeGreaterThanOrEqual(before);
    expect(given.consent_given_at).toBeLessThanOrEqual(after);

    expect(await confirm(given.id)).toBe(true);
    const confirmed = await consentOf(email);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.confirmed_at).toBeGreaterThanOrEqual(given.consent_given_at);
    // Confirming proves the consent recorded; it changes none of it.
    expect(confirmed).toMatchObject({ consent_notice_version: VERSION, consent_page: '/news-media', consent_given_at: given.consent_given_at });
  });

  it('signing up again while pending records the newer consent, which the new link confirms', async () => {
    const email = uniqueEmail('twice');
    await signUp(email, '1.0', '/about');
    const first = await consentOf(email);
    await anHourLater(email);
    await signUp(email, '1.1', '/contact');
    const second = await consentOf(email);
    expect(second).toMatchObject({ id: first.id, consent_notice_version: '1.1', consent_page: '/contact', confirmed_at: null });
    expect(second.consent_given_at).toBeGreaterThan(first.consent_given_at);
  });

  it('signing up again after unsubscribing records the new consent, pending until confirmed again', async () => {
    const email = uniqueEmail('returning');
    await signUp(email, '1.0', '/about');
    const { id } = await consentOf(email);
    await confirm(id);
    const unsubscribe = await emailedLinkToken(db, 'newsletter_welcome', id);
    await runAs(db, anon, 'select public.unsubscribe_newsletter($1)', [unsubscribe]);
    await anHourLater(email);
    await signUp(email, '2.0', '/team');
    expect(await consentOf(email)).toMatchObject({ consent_notice_version: '2.0', consent_page: '/team', confirmed_at: null, unsubscribed_at: null });
  });

  it('signing up again while subscribed changes nothing: anyone can type the address, so it proves nothing', async () => {
    const email = uniqueEmail('steady');
    await signUp(email, '1.0', '/about');
    const { id } = await consentOf(email);
    await confirm(id);
    const kept = await consentOf(email);
    await anHourLater(email);
    await signUp(email, '2.0', '/team');
    expect(await consentOf(email)).toEqual(kept);
  });

  it('a sign-up through the API without them records no version or page, and still the time', async () => {
    const email = uniqueEmail('bare');
    await runAs(db, anon, 'select public.subscribe_newsletter($1)', [email]);
    expect(await consentOf(email)).toMatchObject({ consent_notice_version: null, consent_page: null, consent_given_at: expect.any(Number) });
  });
});

describe('the consent columns refuse what is not a version or a page (23514, a 400 through the API)', () => {
  // The content schema's noticeVersion and the column's check are two statements of one shape.
  const versions = ['1.0', '2.3', '10.12', '999.999', '', '1', '1.', 'v1.0', '1.0.0', '1000.0', '1,0', ' 1.0', '1.0\n', '١.٠'];

  it.each(versions)('the version %j: the column and the content schema answer alike', async (version) => {
    const outcome = await attemptAs(db, anon, 'select public.subscribe_newsletter(email => $1, notice_version => $2, page => $3)', [uniqueEmail('version'), version, '/']);
    const accepted = noticeVersion.safeParse(version).success;
    expect(outcome.ok ? 'accepted' : outcome.code).toBe(accepted ? 'accepted' : '23514');
  });

  it('the page must be a path of the site, at most CONSENT_PAGE_MAX_LENGTH characters (what the form sends)', async () => {
    const at = `/${'a'.repeat(CONSENT_PAGE_MAX_LENGTH - 1)}`;
    expect(consentPage(`${at}b`)).toBe(at);
    const tryPage = (page: string) => attemptAs(db, anon, 'select public.subscribe_newsletter(email => $1, notice_version => $2, page => $3)', [uniqueEmail('page'), VERSION, page]);
    expect(await tryPage(at)).toMatchObject({ ok: true });
    for (const page of [`${at}b`, '', 'about', 'https://elsewhere.example/']) {
      expect(await tryPage(page), page).toMatchObject({ ok: false, code: '23514' });
    }
  });
});

describe('marketing email only ever goes to confirmed subscribers', () => {
  it('before confirming, an address is sent its confirmation and nothing else, however it signs up again', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(email);
    const { id } = await consentOf(email);
    await anHourLater(email);
    await signUp(email, VERSION, '/contact');
    const { rows } = await db.query<{ kind: string }>('select distinct kind::text from public.notifications where subject_id = $1', [id]);
    expect(rows).toEqual([{ kind: 'newsletter_confirmation' }]);
  });

  it('the welcome is queued by the confirmation alone, once, and never while the address is pending again', async () => {
    const email = uniqueEmail('welcomed');
    await signUp(email);
    const { id } = await consentOf(email);
    const welcomes = async () =>
      (await db.query<{ queued_after_confirming: boolean }>(
        `select n.created_at >= s.confirmed_at as queued_after_confirming
         from public.notifications n join public.newsletter_subscribers s on s.id = n.subject_id
         where n.subject_id = $1 and n.kind = 'newsletter_welcome'`,
        [id],
      )).rows;
    expect(await welcomes()).toEqual([]);
    await confirm(id);
    expect(await welcomes()).toEqual([{ queued_after_confirming: true }]);
    // Unsubscribed, then pending again: no further marketing email is queued, nor on confirming again.
    await runAs(db, anon, 'select public.unsubscribe_newsletter($1)', [await emailedLinkToken(db, 'newsletter_welcome', id)]);
    await anHourLater(email);
    await signUp(email);
    const marketing = async () =>
      (await db.query<{ kind: string }>(`select kind::text from public.notifications where subject_id = $1 and kind <> 'newsletter_confirmation'`, [id])).rows;
    expect(await marketing()).toEqual([{ kind: 'newsletter_welcome' }]);
    expect(await confirm(id)).toBe(true);
    expect(await marketing()).toEqual([{ kind: 'newsletter_welcome' }]);
  });
});
