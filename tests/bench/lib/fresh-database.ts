// New PGlite databases for the parts of `npm run bench:api` that need one of their own (the slots
// and the notifications), as a backend's first start leaves one: migrated and seeded once per run,
// then copied. Migrating is the slowest thing a run does on a busy machine (half a minute each at
// a load of 10), and the copies are the same database the first start makes.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { startBackendProcess } from '../../support/backend-process.ts';

export interface FreshDatabases {
  /** Takes `dataDir`, a database a backend has just created and stopped on, as the one to copy. */
  adopt(dataDir: string): Promise<void>;
  /** A copy of that database at `dataDir` (made by a backend's first start, once, when none was adopted). */
  copyTo(dataDir: string): Promise<string>;
}

/** Fresh databases kept under `root`; `env` is the backend's environment for the first start. */
export function freshDatabases(root: string, env: Record<string, string>): FreshDatabases {
  const templateDir = join(root, 'template');
  let template: Promise<void> | undefined;
  return {
    async adopt(dataDir) {
      template = cp(dataDir, templateDir, { recursive: true });
      await template;
    },
    async copyTo(dataDir) {
      template ??= startBackendProcess({ ...env, PGLITE_DATA_DIR: templateDir, DATABASE_URL: '' }).then((backend) => backend.stop().then(() => undefined));
      await template;
      await cp(templateDir, dataDir, { recursive: true });
      return dataDir;
    },
  };
}
