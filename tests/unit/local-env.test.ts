// How the backend and the db:reset and admin:grant scripts pick their database and read .env.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadProjectEnv } from '../../common/env.ts';
import { DEFAULT_DATA_DIR, localDbOptions } from '../../supabase/local/db/open.ts';

describe('localDbOptions', () => {
  test('DATABASE_URL chooses the server, even when PGLITE_DATA_DIR is set', () => {
    expect(localDbOptions({ DATABASE_URL: 'postgres://u@127.0.0.1/db', PGLITE_DATA_DIR: '/tmp/x' })).toEqual({
      databaseUrl: 'postgres://u@127.0.0.1/db',
    });
  });

  test('otherwise PGLITE_DATA_DIR, else the default folder', () => {
    expect(localDbOptions({ PGLITE_DATA_DIR: '/tmp/x' })).toEqual({ dataDir: '/tmp/x' });
    expect(localDbOptions({})).toEqual({ dataDir: DEFAULT_DATA_DIR });
  });

  test('a DATABASE_URL that is not a postgres:// URL is refused, without repeating it', () => {
    expect(() => localDbOptions({ DATABASE_URL: '127.0.0.1:5432' })).toThrow(
      'Invalid environment variable DATABASE_URL: it must be a postgres:// URL.',
    );
  });

  test('empty values count as unset', () => {
    expect(localDbOptions({ DATABASE_URL: '', PGLITE_DATA_DIR: '/tmp/x' })).toEqual({ dataDir: '/tmp/x' });
    expect(localDbOptions({ DATABASE_URL: ' ', PGLITE_DATA_DIR: '' })).toEqual({ dataDir: DEFAULT_DATA_DIR });
  });
});

describe('loadProjectEnv', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'local-env-'));
    await writeFile(join(root, '.env'), 'PGLITE_DATA_DIR=/tmp/from-file\nDATABASE_URL=postgres://file\nSITE_PORT=5000\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test('adds the variables of .env; ones already set win, even when empty', () => {
    const env: Record<string, string | undefined> = { DATABASE_URL: '', SITE_PORT: '4400' };
    loadProjectEnv(root, env);
    expect(env).toEqual({ PGLITE_DATA_DIR: '/tmp/from-file', DATABASE_URL: '', SITE_PORT: '4400' });
    expect(localDbOptions(env)).toEqual({ dataDir: '/tmp/from-file' });
  });

  test('does nothing without a .env', () => {
    const env = {};
    loadProjectEnv(join(root, 'missing'), env);
    expect(env).toEqual({});
  });
});
