// The tokens of emailed links (a booking's, a newsletter confirmation's, the unsubscribe link),
// made and hashed in one place (private.new_link_token and private.link_token_hash,
// 20261122000500_notifications.sql): the database and the unsubscribe function
// (LINK_TOKEN_PATTERN of common/link-token.ts) agree on what a token looks like, and what is
// stored is its SHA-256.

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TOKEN_PATTERN } from '../../common/link-token.ts';
import { openTestDb, type TestDb } from './support.ts';

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

const made = async () => (await db.query<{ token: string }>('select private.new_link_token() as token')).rows[0]!.token;

describe('link tokens', () => {
  it('are 32 random bytes in 64 hex digits, LINK_TOKEN_PATTERN, different each time', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, made));
    for (const token of tokens) expect(token).toMatch(LINK_TOKEN_PATTERN);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256, as Node computes it', async () => {
    const token = await made();
    const { rows } = await db.query(`select encode(private.link_token_hash($1), 'hex') as hash`, [token]);
    expect(rows).toEqual([{ hash: createHash('sha256').update(token, 'utf8').digest('hex') }]);
  });

  it('are told from anything else the same way by the database and LINK_TOKEN_PATTERN', async () => {
    const token = await made();
    const samples = [token, token.toUpperCase(), token.slice(1), `${token}0`, `${token}\n`, ` ${token}`, `${token.slice(0, 63)}g`, '00000000-0000-4000-8000-000000000000', '', "x' or 1=1 --"];
    const { rows } = await db.query<{ hashed: boolean }>('select private.link_token_hash(sample) is not null as hashed from unnest($1::text[]) with ordinality as s(sample, n) order by n', [samples]);
    expect(rows.map((row) => row.hashed)).toEqual(samples.map((sample) => LINK_TOKEN_PATTERN.test(sample)));
    expect(rows.map((row) => row.hashed)).toEqual([true, false, false, false, false, false, false, false, false, false]);
  });

  it('hash NULL to NULL, which matches no stored link', async () => {
    const { rows } = await db.query('select private.link_token_hash(null) as hash');
    expect(rows).toEqual([{ hash: null }]);
  });
});
