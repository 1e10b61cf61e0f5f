// Turns a parsed request into one parameterised statement. Identifiers come only from the
// catalog (unknown ones are refused before any SQL exists); every value is a bound parameter.
import { restError } from '../http-errors.ts';
import { ident, type Column, type FunctionArg, type FunctionDef, type Table } from './catalog.ts';
import type { Filter, OrderItem, ReadPlan, SelectItem } from './parse.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

/** Collects bound parameters and hands out their `$n` placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function column(table: Table, name: string): Column {
  const col = table.columns.get(name);
  if (!col) throw restError(400, '42703', `column ${table.name}.${name} does not exist`);
  return col;
}

function qualified(table: Table): string {
  return `public.${ident(table.name)}`;
}

/** The select list: `*` expands to every column in table order; aliases become `as`. */
function selectList(table: Table, items: SelectItem[]): string {
  const parts: string[] = [];
  for (const item of items) {
    if (item.column === '*') {
      for (const col of table.columns.values()) parts.push(ident(col.name));
      continue;
    }
    const col = column(table, item.column);
    parts.push(item.alias ? `${ident(col.name)} as ${ident(item.alias)}` : ident(col.name));
  }
  return parts.join(', ');
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERNS: Record<string, string> = { like: 'like', ilike: 'ilike', match: '~', imatch: '~*' };
const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' };

function condition(table: Table, filter: Filter, params: Params): string {
  if (filter.kind === 'logic') {
    const joined = filter.children.map((child) => condition(table, child, params)).join(` ${filter.op} `);
    return filter.negate ? `not (${joined})` : `(${joined})`;
  }
  const col = ident(column(table, filter.column).name);
  const { op, value } = filter;
  let sql: string;
  if (op in COMPARISONS) {
    sql = `${col} ${COMPARISONS[op]} ${params.add(value)}`;
  } else if (op in PATTERNS) {
    // `*` is PostgREST's URL-safe spelling of the SQL wildcard `%`.
    const pattern = op === 'like' || op === 'ilike' ? String(value).replace(/\*/g, '%') : String(value);
    sql = `${col}::text ${PATTERNS[op]} ${params.add(pattern)}`;
  } else if (op === 'is') {
    sql = `${col} is ${IS_VALUES[String(value).toLowerCase()]}`;
  } else if (op === 'isdistinct') {
    sql = `${col} is distinct from ${params.add(value)}`;
  } else {
    const list = value as string[];
    sql = list.length === 0 ? 'false' : `${col} in (${list.map((v) => params.add(v)).join(', ')})`;
  }
  return filter.negate ? `not (${sql})` : sql;
}

function where(table: Table, filters: Filter[], params: Params): string {
  if (filters.length === 0) return '';
  return ' where ' + filters.map((f) => condition(table, f, params)).join(' and ');
}

function orderBy(table: Table, order: OrderItem[]): string {
  if (order.length === 0) return '';
  const items = order.map((o) => {
    const nulls = o.nulls ? ` nulls ${o.nulls}` : '';
    return `${ident(column(table, o.column).name)} ${o.direction}${nulls}`;
  });
  return ' order by ' + items.join(', ');
}

/**
 * A read: returns one row {total, n, body[, single]} where body is the page as JSON text, n its
 * row count and total the exact count of all matching rows when asked for.
 */
export function buildRead(table: Table, plan: ReadPlan, opts: { count: boolean; single: boolean }): Statement {
  const params = new Params();
  const cols = selectList(table, plan.select);
  const filter = where(table, plan.filters, params);
  const limit = plan.limit !== undefined ? ` limit ${params.add(String(plan.limit))}` : '';
  const offset = plan.offset ? ` offset ${params.add(String(plan.offset))}` : '';
  const page = `select ${cols} from ${qualified(table)}${filter}${orderBy(table, plan.order)}${limit}${offset}`;
  const total = opts.count ? `(select count(*) from ${qualified(table)}${filter})` : 'null::bigint';
  const single = opts.single ? `, case when count(*) = 1 then (json_agg(_r) -> 0)::text end as single` : '';
  return {
    text: `select ${total} as total, count(*) as n, coalesce(json_agg(_r), '[]')::text as body${single} from (${page}) _r`,
    params: params.values,
  };
}

/** Wraps a write that returns rows so the answer has the same {n, body} shape as a read. */
function wrapReturning(write: string): string {
  return `with _w as (${write}) select count(*) as n, coalesce(json_agg(_r), '[]')::text as body from _w _r`;
}

function returning(table: Table, select: SelectItem[] | null): string {
  return select ? ` returning ${selectList(table, select)}` : '';
}

/** Checks that every payload key is a writable column (PostgREST's PGRST204). */
export function writableColumns(table: Table, keys: Iterable<string>): Column[] {
  return [...keys].map((key) => {
    const col = table.columns.get(key);
    if (!col) {
      throw restError(400, 'PGRST204', `Could not find the '${key}' column of '${table.name}' in the schema cache`);
    }
    return col;
  });
}

/**
 * An insert of rows that share one set of columns, typed by json_populate_recordset so Postgres
 * converts and checks every value; columns not named keep their defaults.
 */
export function buildInsert(table: Table, columns: Column[], rows: unknown[], select: SelectItem[] | null, upsert: Upsert | null = null): Statement {
  const params = new Params();
  const names = columns.map((c) => ident(c.name)).join(', ');
  const source = `json_populate_recordset(null::${qualified(table)}, ${params.add(JSON.stringify(rows))}::json)`;
  // With no columns named, a zero-column select inserts one all-default row per object.
  const insert = `insert into ${qualified(table)}${columns.length ? ` (${names})` : ''} select ${names} from ${source}`;
  const text = insert + onConflict(columns, upsert) + returning(table, select);
  return { text: select ? wrapReturning(text) : text, params: params.values };
}

/** An upsert: the conflict target and whether a clash updates the row or leaves it. */
export interface Upsert {
  target: Column[];
  action: 'merge' | 'ignore';
}

function onConflict(columns: Column[], upsert: Upsert | null): string {
  if (!upsert) return '';
  const target = upsert.target.map((c) => ident(c.name)).join(', ');
  const updates = columns.filter((c) => !upsert.target.includes(c)).map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`);
  if (upsert.action === 'ignore' || updates.length === 0) return ` on conflict (${target}) do nothing`;
  return ` on conflict (${target}) do update set ${updates.join(', ')}`;
}

/** An update of the named columns from one JSON object, on the rows the filters match. */
export function buildUpdate(table: Table, columns: Column[], patch: object, plan: ReadPlan, select: SelectItem[] | null): Statement {
  const params = new Params();
  const source = `json_populate_record(null::${qualified(table)}, ${params.add(JSON.stringify(patch))}::json)`;
  const sets = columns.map((c) => `${ident(c.name)} = (select ${ident(c.name)} from ${source})`).join(', ');
  const text = `update ${qualified(table)} set ${sets}${where(table, plan.filters, params)}${returning(table, select)}`;
  return { text: select ? wrapReturning(text) : text, params: params.values };
}

/** A delete of the rows the filters match. */
export function buildDelete(table: Table, plan: ReadPlan, select: SelectItem[] | null): Statement {
  const params = new Params();
  const text = `delete from ${qualified(table)}${where(table, plan.filters, params)}${returning(table, select)}`;
  return { text: select ? wrapReturning(text) : text, params: params.values };
}

/** A function call with named arguments, each cast to the declared argument type. */
export function buildCall(fn: FunctionDef, args: Record<string, unknown>): Statement {
  const params = new Params();
  const named = fn.args
    .filter((a) => a.name in args)
    .map((a) => `${ident(a.name)} => ${argumentSql(a, args[a.name], params)}`)
    .join(', ');
  const call = `public.${ident(fn.name)}(${named})`;
  let text: string;
  if (fn.returns === 'void') text = `select ${call}`;
  else if (fn.returnsSet) text = `select coalesce(json_agg(_r), '[]')::text as body from ${call} _r`;
  else if (fn.returns === 'composite') text = `select row_to_json(_r)::text as body from ${call} _r`;
  else text = `select to_json(${call})::text as body`;
  return { text, params: params.values };
}

/**
 * An argument as SQL. A JSON array given for an array argument (`uuid[]`) is read as PostgREST
 * reads it, through json_to_record, which turns a JSON array into a Postgres array (the text
 * form Postgres parses, `{a,b}`, is not JSON); every other value is text parsed with its type.
 */
function argumentSql(arg: FunctionArg, value: unknown, params: Params): string {
  const param = params.add(argumentText(value));
  if (Array.isArray(value) && arg.type.endsWith('[]')) {
    return `(select _a.v from json_to_record(json_build_object('v', ${param}::json)) as _a(v ${arg.type}))`;
  }
  return `${param}::${arg.type}`;
}

/** Values travel as text and Postgres parses them with the argument's type; objects as JSON. */
function argumentText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
