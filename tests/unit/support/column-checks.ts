// The CHECK constraints of a column as the migrated database holds them: the table's own checks
// that name the column and those of the column's domain, read from the catalog and printed by
// pg_get_constraintdef. Reading the database rather than the migration files sees a constraint
// wherever it was declared (a later `alter table … add constraint`, a `create domain`).
import { openDb, type ScriptDb } from '../../../supabase/local/db/open.ts';

/** A column's length rule: at least `min`, at most `max` characters (min 0 when only a maximum is checked). */
export interface LengthRule {
  min: number;
  max: number;
}

/** Opens an in-memory database with every migration applied. */
export function openMigratedDb(): Promise<ScriptDb> {
  return openDb({ dataDir: 'memory://' });
}

/** Every CHECK that constrains public.`table`.`column`, as Postgres prints it. */
export async function columnChecks(db: ScriptDb, table: string, column: string): Promise<string[]> {
  const { rows } = await db.query<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def
       from pg_attribute a
       join pg_constraint c
         on (c.conrelid = a.attrelid and a.attnum = any (c.conkey))
         or (c.contypid = a.atttypid)
      where a.attrelid = to_regclass('public.' || $1) and a.attname = $2 and c.contype = 'c'`,
    [table, column],
  );
  if (rows.length === 0) throw new Error(`no check constraint on ${table}.${column}`);
  return rows.map((row) => row.def);
}

/** The length rule the checks of public.`table`.`column` enforce (char_length, trimmed or not). */
export async function columnLength(db: ScriptDb, table: string, column: string): Promise<LengthRule> {
  const defs = (await columnChecks(db, table, column)).join(' ');
  // Postgres prints `between a and b` as `(x >= a) AND (x <= b)`; a domain names its value VALUE.
  const subject = String.raw`char_length\((?:btrim\()?(?:"?\w+"?|VALUE)\)?\)`;
  const min = new RegExp(`${subject} >= (\\d+)`).exec(defs);
  const max = new RegExp(`${subject} <= (\\d+)`).exec(defs);
  if (!max) throw new Error(`no length check on ${table}.${column}: ${defs}`);
  return { min: min ? Number(min[1]) : 0, max: Number(max[1]) };
}

/** The range of an integer column's `between` check. */
export async function columnRange(db: ScriptDb, table: string, column: string): Promise<LengthRule> {
  const defs = (await columnChecks(db, table, column)).join(' ');
  const min = new RegExp(`\\((?:${column}|VALUE) >= (\\d+)\\)`).exec(defs);
  const max = new RegExp(`\\((?:${column}|VALUE) <= (\\d+)\\)`).exec(defs);
  if (!min || !max) throw new Error(`no range check on ${table}.${column}: ${defs}`);
  return { min: Number(min[1]), max: Number(max[1]) };
}
