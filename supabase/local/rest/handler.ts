// /rest/v1: the PostgREST subset supabase-js uses. Each request runs in one transaction as the
// JWT's role with its claims set, so Postgres row-level security decides what is seen and written.
import type { IncomingMessage } from 'node:http';
import type { Db, Sql } from '../db/types.ts';
import { HttpError, restError } from '../http-errors.ts';
import { json, parseJson, type JsonFault, type Reply } from '../http.ts';
import type { Catalog, FunctionDef, Table } from './catalog.ts';
import { toCsv } from './csv.ts';
import { runAsCaller, type RestIdentity } from './identity.ts';
import { parseRangeHeader, parseReadPlan, parseSelect, READ_PARAMS, type ReadPlan, type SelectItem } from './parse.ts';
import { isPgError, pgToHttpError } from './pg-errors.ts';
import { readPrefer, responseFormat, type Preferences, type ResponseFormat } from './prefer.ts';
import { buildCall, buildDelete, buildInsert, buildRead, buildUpdate, writableColumns, type Statement, type Upsert } from './sql.ts';

export interface RestRequest {
  req: IncomingMessage;
  method: string;
  /** Path below /rest/v1/, e.g. `bookings` or `rpc/subscribe_newsletter`. */
  path: string;
  query: URLSearchParams;
  /** Raw request body ('' when none). */
  body: string;
  identity: RestIdentity;
}

interface WriteResult {
  n: number;
  body: string;
  single?: string | null;
}

/** Answers one REST request; database errors become PostgREST error replies. */
export async function handleRest(db: Db, catalog: Catalog, r: RestRequest, maxRows: number | null = null): Promise<Reply> {
  checkProfile(r.req);
  try {
    if (r.path.startsWith('rpc/')) return await callFunction(db, catalog, r, r.path.slice(4));
    const table = await findTable(catalog, r.path);
    switch (r.method) {
      case 'GET':
      case 'HEAD':
        return await read(db, table, r, maxRows);
      case 'POST':
        return await insert(db, table, r);
      case 'PATCH':
        return await update(db, table, r);
      case 'DELETE':
        return await remove(db, table, r);
      default:
        throw restError(405, 'PGRST117', `Unsupported HTTP method: ${r.method}`);
    }
  } catch (err) {
    if (isPgError(err)) throw pgToHttpError(err, r.identity.role);
    throw err;
  }
}

function checkProfile(req: IncomingMessage): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const value = req.headers[name];
    if (value !== undefined && value !== 'public') {
      throw restError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
    }
  }
}

async function findTable(catalog: Catalog, name: string): Promise<Table> {
  const table = /^[^/]+$/.test(name) ? await catalog.table(name) : undefined;
  if (!table) throw restError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
  return table;
}

/** Runs `fn` in one transaction as the request's caller (see runAsCaller). */
function asCaller<T>(db: Db, r: RestRequest, readOnly: boolean, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return runAsCaller(db, r.identity, { method: r.method, path: '/' + r.path, readOnly, headers: r.req.headers }, fn);
}

function readPlanOf(r: RestRequest): ReadPlan {
  const plan = parseReadPlan(r.query);
  if (plan.limit === undefined && plan.offset === undefined) {
    const range = parseRangeHeader(r.req.headers.range);
    if (range) {
      plan.offset = range.offset;
      if (range.limit !== undefined) plan.limit = range.limit;
    }
  }
  return plan;
}

async function read(db: Db, table: Table, r: RestRequest, maxRows: number | null): Promise<Reply> {
  const plan = readPlanOf(r);
  // Like PostgREST's max-rows: no answer carries more rows, whatever limit was asked for.
  if (maxRows !== null) plan.limit = Math.min(plan.limit ?? maxRows, maxRows);
  const prefer = readPrefer(r.req);
  const format = responseFormat(r.req);
  const stmt = buildRead(table, plan, { count: prefer.count, single: format === 'object' });
  const row = await asCaller(db, r, true, async (tx) => (await tx.query<Record<string, unknown>>(stmt.text, stmt.params)).rows[0]!);
  const n = Number(row.n);
  const total = row.total === null || row.total === undefined ? null : Number(row.total);
  const offset = plan.offset ?? 0;
  const range = contentRange(n, offset, total);
  let status = 200;
  if (total !== null && offset > total) {
    throw restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
      'content-range': `*/${total}`,
    });
  }
  if (total !== null && n < total) status = 206;
  if (format === 'object') checkSingle(n);
  const body = renderBody(format, String(row.body), (row.single as string | null) ?? null, table, plan.select);
  const headers = { 'content-range': range, ...contentType(format) };
  return r.method === 'HEAD' ? { status, headers } : { status, headers, body };
}

function checkSingle(n: number): void {
  if (n !== 1) {
    throw restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
  }
}

function contentType(format: ResponseFormat): Record<string, string> {
  if (format === 'csv') return { 'content-type': 'text/csv; charset=utf-8' };
  if (format === 'object') return { 'content-type': 'application/vnd.pgrst.object+json; charset=utf-8' };
  return { 'content-type': 'application/json; charset=utf-8' };
}

function renderBody(format: ResponseFormat, arrayText: string, single: string | null, table: Table, select: SelectItem[]): string {
  if (format === 'object') return single ?? 'null';
  if (format === 'csv') {
    const names = select.flatMap((s) => (s.column === '*' ? [...table.columns.keys()] : [s.alias ?? s.column]));
    return toCsv(JSON.parse(arrayText) as Record<string, unknown>[], names);
  }
  return arrayText;
}

/** PostgREST's answer to a body that is not JSON; only a body refused for its depth says why. */
function invalidJson(detail = '', fault: JsonFault = 'syntax'): HttpError {
  return restError(400, 'PGRST102', 'Empty or invalid json', fault === 'depth' ? detail : null);
}

/** A write's JSON body: blank is an error here, unlike for a function call. */
function parseBody(text: string): unknown {
  if (text.trim() === '') throw invalidJson();
  return parseJson(text, invalidJson);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The select list a write returns, or null for `return=minimal`. */
function returningOf(r: RestRequest, prefer: Preferences): SelectItem[] | null {
  return prefer.returnRepresentation ? parseSelect(r.query.get('select') ?? '*') : null;
}

async function insert(db: Db, table: Table, r: RestRequest): Promise<Reply> {
  const payload = parseBody(r.body);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isPlainObject)) throw restError(400, 'PGRST102', 'All object keys must match');
  const prefer = readPrefer(r.req);
  const format = responseFormat(r.req);
  const select = returningOf(r, prefer);
  const groups = insertGroups(rows, r.query.get('columns'), prefer.missingDefault);
  const upsert = upsertOf(table, r.query.get('on_conflict'), prefer);
  const statements = groups.map((g) => buildInsert(table, writableColumns(table, g.keys), g.rows, select, upsert));
  const result = await runWrite(db, r, statements, select, format);
  return writeReply('insert', result, select, format, table, writeRange(false, result.n, prefer.count));
}

/** The conflict target of an upsert: `on_conflict` columns, else the primary key. */
function upsertOf(table: Table, onConflict: string | null, prefer: Preferences): Upsert | null {
  if (!prefer.resolution) return null;
  const names = onConflict ? onConflict.split(',').map((c) => c.trim()).filter(Boolean) : table.primaryKey;
  if (names.length === 0) throw restError(400, 'PGRST100', `"failed to parse on_conflict (${onConflict ?? ''})"`, 'An upsert needs on_conflict columns or a primary key.');
  return { target: writableColumns(table, names), action: prefer.resolution };
}

/**
 * Rows grouped by the columns they name. Without `missing=default` one group names the union of
 * keys (absent values are NULL, as PostgREST does); with it, each distinct key set is its own
 * insert so absent columns take their defaults.
 */
function insertGroups(rows: Record<string, unknown>[], columnsParam: string | null, missingDefault: boolean) {
  if (columnsParam !== null) {
    const keys = columnsParam.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean);
    if (!missingDefault) return [{ keys, rows }];
    const allowed = new Set(keys);
    rows = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => allowed.has(k))));
  }
  if (!missingDefault) {
    const keys = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
    return [{ keys: [...keys], rows }];
  }
  const groups = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows) {
    const keys = Object.keys(row).sort();
    const id = JSON.stringify(keys);
    const group = groups.get(id) ?? { keys, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * Runs a write's statements in one transaction as the caller. An object answer that is not exactly
 * one row throws inside it, so the write is rolled back as PostgREST does.
 */
async function runWrite(db: Db, r: RestRequest, statements: Statement[], select: SelectItem[] | null, format: ResponseFormat): Promise<WriteResult> {
  return asCaller(db, r, false, async (tx) => {
    const result = await runStatements(tx, statements, select !== null);
    if (format === 'object' && select) checkSingle(result.n);
    return result;
  });
}

async function runStatements(tx: Sql, statements: Statement[], returning: boolean): Promise<WriteResult> {
  let n = 0;
  const bodies: string[] = [];
  for (const stmt of statements) {
    const res = await tx.query<Record<string, unknown>>(stmt.text, stmt.params);
    if (returning) {
      const row = res.rows[0]!;
      n += Number(row.n);
      const text = String(row.body);
      if (text !== '[]') bodies.push(text.slice(1, -1));
    } else {
      n += res.affectedRows;
    }
  }
  const body = `[${bodies.join(',')}]`;
  return { n, body, single: n === 1 ? (returning ? JSON.stringify((JSON.parse(body) as unknown[])[0]) : null) : null };
}

/**
 * A Content-Range as PostgREST's Response.hs makes it: the rows' range from `offset` (`0-2/…`),
 * or `*` for a range of no rows or when none is named (`offset` null: an insert or a delete), then
 * the total, or `*` when it was not counted. A write's total is its row count when the request
 * asked for one (`Prefer: count=exact`, which supabase-js's `{ count }` option sends).
 */
function contentRange(n: number, offset: number | null, total: number | null): string {
  return `${offset !== null && n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
}

/** The Content-Range of a write that changed `n` rows; an update names their range from 0. */
const writeRange = (named: boolean, n: number, counted: boolean) => contentRange(n, named ? 0 : null, counted ? n : null);

/** A write's answer: 201 for inserts, otherwise 204 (minimal) or 200 with the rows. */
function writeReply(
  kind: 'insert' | 'change',
  result: WriteResult,
  select: SelectItem[] | null,
  format: ResponseFormat,
  table: Table,
  contentRange: string,
): Reply {
  if (!select) return { status: kind === 'insert' ? 201 : 204, headers: { 'content-range': contentRange } };
  const body = renderBody(format, result.body, result.single ?? null, table, select);
  return { status: kind === 'insert' ? 201 : 200, headers: { 'content-range': contentRange, ...contentType(format) }, body };
}

async function update(db: Db, table: Table, r: RestRequest): Promise<Reply> {
  const patch = parseBody(r.body);
  if (!isPlainObject(patch)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'A PATCH body must be one JSON object.');
  const prefer = readPrefer(r.req);
  const format = responseFormat(r.req);
  const select = returningOf(r, prefer);
  const plan = parseReadPlan(r.query);
  const columns = writableColumns(table, Object.keys(patch));
  if (columns.length === 0) {
    return writeReply('change', { n: 0, body: '[]' }, select, format === 'object' ? 'json' : format, table, writeRange(true, 0, prefer.count));
  }
  const stmt = buildUpdate(table, columns, patch, plan, select);
  const result = await runWrite(db, r, [stmt], select, format);
  return writeReply('change', result, select, format, table, writeRange(true, result.n, prefer.count));
}

async function remove(db: Db, table: Table, r: RestRequest): Promise<Reply> {
  const prefer = readPrefer(r.req);
  const format = responseFormat(r.req);
  const select = returningOf(r, prefer);
  const stmt = buildDelete(table, parseReadPlan(r.query), select);
  const result = await runWrite(db, r, [stmt], select, format);
  return writeReply('change', result, select, format, table, writeRange(false, result.n, prefer.count));
}

async function callFunction(db: Db, catalog: Catalog, r: RestRequest, name: string): Promise<Reply> {
  if (r.method !== 'POST' && r.method !== 'GET' && r.method !== 'HEAD') {
    throw restError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed on functions');
  }
  let args: Record<string, unknown>;
  if (r.method === 'POST') {
    const body = parseJson(r.body, invalidJson);
    if (!isPlainObject(body)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments must be one JSON object.');
    args = body;
  } else {
    args = Object.fromEntries([...r.query].filter(([k]) => !READ_PARAMS.includes(k)));
  }
  const fn = pickOverload(/^[^/]+$/.test(name) ? await catalog.functionsNamed(name) : [], args);
  if (!fn) {
    const list = Object.keys(args).join(', ');
    throw restError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${list}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${list || 'none'} in the schema cache, but no matches were found.`,
    );
  }
  const format = responseFormat(r.req);
  const stmt = buildCall(fn, args);
  const row = await asCaller(db, r, r.method !== 'POST', async (tx) => (await tx.query<{ body: string | null }>(stmt.text, stmt.params)).rows[0]);
  if (fn.returns === 'void') return { status: 204, headers: {} };
  const text = row?.body ?? 'null';
  if (format === 'object' && fn.returnsSet) {
    const items = JSON.parse(text) as unknown[];
    checkSingle(items.length);
    return json(200, JSON.stringify(items[0]), contentType('object'));
  }
  const headers = { 'content-range': fn.returnsSet ? '0-*/*' : '0-0/*', ...contentType('json') };
  return r.method === 'HEAD' ? { status: 200, headers } : json(200, text, headers);
}

/** The overload whose named arguments match the request: every key known, every required one given. */
function pickOverload(candidates: FunctionDef[], args: Record<string, unknown>): FunctionDef | undefined {
  const keys = Object.keys(args);
  return candidates.find(
    (fn) =>
      keys.every((k) => fn.args.some((a) => a.name === k)) &&
      fn.args.every((a) => a.hasDefault || keys.includes(a.name)) &&
      fn.args.every((a) => a.name !== ''),
  );
}
