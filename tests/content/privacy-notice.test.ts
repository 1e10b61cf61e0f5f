// The privacy notice's content (content/privacy/notice.mdx), its retention periods
// (content/privacy/retention.json, the one source the database's rules are held to) and the
// data-protection contact (content/site.json): what the build must refuse, and what the shipped
// files must say.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRMATION_DAYS } from '../../common/domain.ts';
import { COLLECTIONS } from '../../src/lib/content/collections.ts';
import { retentionPeriodText } from '../../src/lib/content/retention-period.ts';
import { LAWFUL_BASES, noticeVersion, PRIVACY_FORMS, PRIVACY_RIGHTS, privacyNoticeSchema, retentionRuleSchema } from '../../src/lib/content/schemas.ts';
import { loadJsonCollection, loadMdxCollection, loadSettings, PROJECT_ROOT } from './content-files.ts';

const [notice, ...others] = loadMdxCollection(COLLECTIONS.privacy);
const rules = loadJsonCollection(COLLECTIONS.retention);
const settings = loadSettings();

describe('the privacy notice', () => {
  it('is one entry, notice.mdx, with a version and the day it took effect', () => {
    expect(others).toEqual([]);
    expect(notice!.slug).toBe('notice');
    expect(noticeVersion.safeParse(notice!.data.version).success).toBe(true);
    expect(notice!.data.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('describes every form that collects personal data, once each, with a lawful basis', () => {
    expect(notice!.data.forms.map((form) => form.form).sort()).toEqual([...PRIVACY_FORMS].sort());
    for (const form of notice!.data.forms) expect(LAWFUL_BASES).toContain(form.basis);
    // The newsletter is the one form that relies on consent, which the sign-up records.
    expect(notice!.data.forms.find((form) => form.form === 'newsletter')?.basis).toBe('Consent');
  });

  it('names every right the Act gives, once each, and where on the site to use them', () => {
    expect(notice!.data.rights.map((right) => right.right).sort()).toEqual([...PRIVACY_RIGHTS].sort());
    const linkOf = (right: string) => notice!.data.rights.find((entry) => entry.right === right)?.link?.href;
    // Download my data and Delete my account are on /profile.
    for (const right of ['access', 'rectification', 'erasure', 'portability']) expect(linkOf(right), right).toBe('/profile');
    const text = JSON.stringify(notice!.data.rights);
    expect(text).toContain('Download my data');
    expect(text).toContain('Delete my account');
  });

  it('says who receives the data, that it may be stored outside Nigeria, and where to complain', () => {
    expect(notice!.data.recipients.map((recipient) => recipient.name).join(' ')).toMatch(/Supabase/);
    expect(notice!.data.transfers).toMatch(/outside Nigeria/);
    expect(notice!.data.regulator.name).toBe('Nigeria Data Protection Commission');
    expect(new URL(notice!.data.regulator.href).protocol).toBe('https:');
  });

  it('the build refuses a notice that leaves out a form or lists a right twice, naming the list', () => {
    const data = { ...notice!.data, effective: notice!.data.effective };
    const missing = privacyNoticeSchema().safeParse({ ...data, forms: data.forms.filter((form) => form.form !== 'documents') });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ['forms'], message: expect.stringContaining('missing: documents') });
    const twice = privacyNoticeSchema().safeParse({ ...data, rights: [...data.rights, data.rights[0]] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]).toMatchObject({ path: ['rights', data.rights.length, 'right'], message: expect.stringContaining('listed twice') });
  });

  it.each([
    ['1.0', true],
    ['12.34', true],
    ['1', false],
    ['1.0.0', false],
    ['v1.0', false],
    ['', false],
  ])('the version %j is %s', (version, valid) => {
    expect(noticeVersion.safeParse(version).success).toBe(valid);
  });
});

describe('the data-protection contact (content/site.json)', () => {
  it('has a name, one email address and a phone number', () => {
    expect(settings.dataProtection.name.length).toBeGreaterThan(1);
    expect(settings.dataProtection.email).toMatch(/^[^\s@,]+@[^\s@,]+$/);
    expect(settings.dataProtection.phone).toMatch(/\d/);
  });
});

describe('the retention periods (content/privacy/retention.json)', () => {
  it('hold one rule for each kind of data the database removes or strips', () => {
    expect(rules.map((rule) => rule.id)).toEqual([
      'documents',
      'unverified_accounts',
      'unconfirmed_newsletter_sign_ups',
      'bookings',
      'contact_messages',
      'applications_after_account_deletion',
    ]);
  });

  it('keep an unconfirmed newsletter sign-up exactly as long as its confirmation link works', () => {
    expect(rules.find((rule) => rule.id === 'unconfirmed_newsletter_sign_ups')).toMatchObject({ period: NEWSLETTER_CONFIRMATION_DAYS, unit: 'days' });
  });

  it('refuse a period that is not a whole number of days, months or years', () => {
    const rule = rules[0]!;
    for (const bad of [{ period: 0 }, { period: 1.5 }, { unit: 'weeks' }, { id: 'Documents' }]) {
      expect(retentionRuleSchema().safeParse({ ...rule, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('read as the notice’s table shows them', () => {
    expect(retentionPeriodText({ period: 180, unit: 'days' })).toBe('180 days');
    expect(retentionPeriodText({ period: 1, unit: 'years' })).toBe('1 year');
    expect(retentionPeriodText({ period: 1, unit: 'months' })).toBe('1 month');
    expect(retentionPeriodText({ period: 6, unit: 'years' })).toBe('6 years');
  });

  it('are the ones docs/privacy.md lists, rule for rule', () => {
    const doc = readFileSync(join(PROJECT_ROOT, 'docs/privacy.md'), 'utf8');
    const listed = [...doc.matchAll(/^\| `([a-z_]+)` \| (\d+) (days?|months?|years?) \|/gm)].map(([, id, period, unit]) => ({ id, text: `${period} ${unit}` }));
    expect(listed).toEqual(rules.map((rule) => ({ id: rule.id, text: retentionPeriodText(rule) })));
  });
});
