// What REST may name: tables, views and functions of schema `public`, read from pg_catalog.
// Every identifier in a request is looked up here before it reaches SQL, so only names that
// exist in the catalog are ever quoted into a statement.
import type { Sql } from '../db/types.ts';

export interface Column {
  name: string;
  /** format_type() of the column, e.g. `uuid` or `timestamp with time zone`. */
  type: string;
  hasDefault: boolean;
  generated: boolean;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  /** Primary-key columns: the default conflict target of an upsert. */
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionDef {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** `void`, a composite row type, or any other (scalar or array) type. */
  returns: 'void' | 'composite' | 'scalar';
}

const TABLES_SQL = `
  select c.relname as table_name, c.relkind::text as kind, a.attname as column_name,
         format_type(a.atttypid, a.atttypmod) as column_type, a.atthasdef as has_default,
         (a.attgenerated <> '') as generated
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
  order by c.relname, a.attnum`;

const PRIMARY_KEYS_SQL = `
  select c.relname as table_name, a.attname as column_name
  from pg_catalog.pg_index i
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
  where i.indisprimary and n.nspname = 'public'
  order by c.relname, array_position(i.indkey::int2[], a.attnum)`;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proretset as returns_set, p.pronargs as nargs,
         p.pronargdefaults as ndefaults, coalesce(p.proargnames, '{}') as arg_names,
         coalesce((select array_agg(format_type(t, null) order by i)
                   from unnest(p.proargtypes) with ordinality as u(t, i)), '{}') as arg_types,
         (p.prorettype = 'pg_catalog.void'::regtype) as returns_void,
         (rt.typtype = 'c' or p.prorettype = 'pg_catalog.record'::regtype) as returns_composite
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  where n.nspname = 'public' and p.prokind = 'f'`;

interface TableRow {
  table_name: string;
  kind: string;
  column_name: string;
  column_type: string;
  has_default: boolean;
  generated: boolean;
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_types: string[];
  returns_void: boolean;
  returns_composite: boolean;
}

/** A cached view of schema `public`, reloaded when a name is missing (migrations may have run since). */
export class Catalog {
  private tables = new Map<string, Table>();
  private functions = new Map<string, FunctionDef[]>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly sql: Sql;
  private readonly reloadAfterMs: number;

  constructor(sql: Sql, reloadAfterMs = 2000) {
    this.sql = sql;
    this.reloadAfterMs = reloadAfterMs;
  }

  /** Reads tables, columns and functions of schema public. */
  async load(): Promise<void> {
    this.loading ??= this.read().finally(() => (this.loading = null));
    await this.loading;
  }

  /** The table or view named `name`, or undefined when schema public has none. */
  async table(name: string): Promise<Table | undefined> {
    const found = this.tables.get(name);
    if (found || !(await this.maybeReload())) return found;
    return this.tables.get(name);
  }

  /** The overloads of function `name` in schema public (empty when none). */
  async functionsNamed(name: string): Promise<FunctionDef[]> {
    const found = this.functions.get(name);
    if (found || !(await this.maybeReload())) return found ?? [];
    return this.functions.get(name) ?? [];
  }

  private async maybeReload(): Promise<boolean> {
    if (Date.now() - this.loadedAt < this.reloadAfterMs) return false;
    await this.load();
    return true;
  }

  private async read(): Promise<void> {
    const [tableRows, keyRows, functionRows] = await Promise.all([
      this.sql.query<TableRow>(TABLES_SQL),
      this.sql.query<{ table_name: string; column_name: string }>(PRIMARY_KEYS_SQL),
      this.sql.query<FunctionRow>(FUNCTIONS_SQL),
    ]);
    const tables = new Map<string, Table>();
    for (const row of tableRows.rows) {
      let table = tables.get(row.table_name);
      if (!table) {
        table = { name: row.table_name, kind: row.kind === 'r' || row.kind === 'p' ? 'table' : 'view', columns: new Map(), primaryKey: [] };
        tables.set(row.table_name, table);
      }
      table.columns.set(row.column_name, {
        name: row.column_name,
        type: row.column_type,
        hasDefault: row.has_default,
        generated: row.generated,
      });
    }
    for (const key of keyRows.rows) tables.get(key.table_name)?.primaryKey.push(key.column_name);
    const functions = new Map<string, FunctionDef[]>();
    for (const row of functionRows.rows) {
      const names = row.arg_names.slice(0, row.nargs);
      const args = row.arg_types.map((type, i) => ({
        name: names[i] ?? '',
        type,
        hasDefault: i >= row.nargs - row.ndefaults,
      }));
      const def: FunctionDef = {
        name: row.name,
        args,
        returnsSet: row.returns_set,
        returns: row.returns_void ? 'void' : row.returns_composite ? 'composite' : 'scalar',
      };
      functions.set(row.name, [...(functions.get(row.name) ?? []), def]);
    }
    this.tables = tables;
    this.functions = functions;
    this.loadedAt = Date.now();
  }
}

/** Quotes an identifier that has already been found in the catalog. */
export function ident(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
