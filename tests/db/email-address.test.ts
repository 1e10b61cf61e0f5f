// The email rule is one rule: the database's domain public.email_address checks exactly the
// pattern of common/email-address.ts (the forms' rule), character for character, and both give
// the same answer for every address, so nothing the browser accepts is refused by the database
// or the other way round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isEmailAddress } from '../../common/email-address.ts';
import { NOT_ONE_MAILBOX, ONE_MAILBOX } from '../support/email-addresses.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** True when the domain accepts `value` (private.to_email_address: NULL where the domain refuses; it trims, and no case here has spaces at its ends). */
async function domainAccepts(value: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('select private.to_email_address($1) is not null as ok', [value]);
  return rows[0]!.ok;
}

describe('public.email_address', () => {
  it('checks exactly the pattern the forms use', async () => {
    const { rows } = await db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def
         from pg_constraint c join pg_type t on t.oid = c.contypid
        where t.typname = 'email_address' and c.conname = 'email_address_format'`,
    );
    expect(rows[0]!.def).toBe(`CHECK ((VALUE ~ '${EMAIL_PATTERN.source}'::text))`);
  });

  it.each(ONE_MAILBOX)('accepts %s, as the forms do', async (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(await domainAccepts(address)).toBe(true);
  });

  it.each(NOT_ONE_MAILBOX)('refuses %s, as the forms do', async (address) => {
    expect(isEmailAddress(address)).toBe(false);
    expect(await domainAccepts(address)).toBe(false);
  });
});
