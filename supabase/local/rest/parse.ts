// Parses PostgREST's query-string grammar (the subset postgrest-js emits) into a plain plan.
// Nothing here touches SQL or the catalog: names are checked later by the SQL builder.
import { restError, type HttpError } from '../http-errors.ts';

export interface SelectItem {
  /** Column name, or '*' for every column. */
  column: string;
  alias?: string;
}

type Operator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch' | 'is' | 'in' | 'isdistinct';
const OPERATORS = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'in', 'isdistinct']);

export type Filter =
  | { kind: 'condition'; column: string; op: Operator; negate: boolean; value: string | string[] }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Filter[] };

export interface OrderItem {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ReadPlan {
  select: SelectItem[];
  filters: Filter[];
  order: OrderItem[];
  limit?: number;
  offset?: number;
}

/** Query parameters that shape a read rather than filter it; a function called by GET takes every other one as an argument. */
export const READ_PARAMS: readonly string[] = ['select', 'order', 'limit', 'offset'];
/** Query parameters that are not column filters. */
const RESERVED = new Set([...READ_PARAMS, 'columns', 'on_conflict']);
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and']);
/**
 * Deepest nesting of `or=(and(or(…)))` trees, counting the outer list. postgrest-js users nest a
 * few levels; thousands overflow the stack of the recursive parser and SQL builder.
 */
export const MAX_FILTER_DEPTH = 32;

/** The error PostgREST gives for a query string it cannot parse. */
function parseError(what: string, input: string, details: string): HttpError {
  return restError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column 1)`, details);
}

/** Reads select, filters, order, limit and offset from a request's query string. */
export function parseReadPlan(params: URLSearchParams): ReadPlan {
  const plan: ReadPlan = { select: parseSelect(params.get('select') ?? '*'), filters: [], order: [] };
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (LOGIC_KEYS.has(key)) {
      const negate = key.startsWith('not.');
      const op = (negate ? key.slice(4) : key) as 'and' | 'or';
      plan.filters.push({ kind: 'logic', op, negate, children: parseLogicList(value, `${key}=${value}`, 1) });
    } else {
      plan.filters.push(parseCondition(key, value));
    }
  }
  const order = params.get('order');
  if (order !== null) plan.order = parseOrder(order);
  const limit = params.get('limit');
  if (limit !== null) plan.limit = parseCount(limit, 'limit');
  const offset = params.get('offset');
  if (offset !== null) plan.offset = parseCount(offset, 'offset');
  return plan;
}

/** Parses `select=` (plain columns, `*` and `alias:column`); embedded resources are refused. */
export function parseSelect(raw: string): SelectItem[] {
  const text = raw.replace(/\s+/g, '');
  if (text === '') return [{ column: '*' }];
  return splitTopLevel(text, 'select').map((part) => {
    if (part.includes('(')) {
      const name = part.slice(0, part.indexOf('('));
      throw restError(
        400,
        'PGRST200',
        `Could not find a relationship for '${name}' in the schema cache`,
        'This local backend does not embed related resources.',
      );
    }
    if (part === '*') return { column: '*' };
    const m = /^(?:([A-Za-z_][\w$]*):)?([A-Za-z_][\w$]*)$/.exec(part);
    if (!m) throw parseError('select', raw, `unexpected "${part}" expecting a column name`);
    return m[1] ? { column: m[2]!, alias: m[1] } : { column: m[2]! };
  });
}

/** Parses one `column=[not.]op.value` filter. */
function parseCondition(column: string, raw: string): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (dot < 0 || !OPERATORS.has(op)) {
    throw parseError('filter', raw, `unexpected "${op}" expecting one of ${[...OPERATORS].join(', ')}`);
  }
  const valueText = rest.slice(dot + 1);
  if (op === 'in') return { kind: 'condition', column, op, negate, value: parseInList(valueText, raw) };
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(valueText.toLowerCase())) {
    throw parseError('filter', raw, 'unexpected value, expecting null, not_null, true, false or unknown');
  }
  return { kind: 'condition', column, op: op as Operator, negate, value: unquote(valueText) };
}

function parseInList(text: string, raw: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError('filter', raw, 'expecting a list in parentheses');
  const inner = text.slice(1, -1);
  return inner === '' ? [] : splitTopLevel(inner, 'filter').map(unquote);
}

/** Parses the body of `or=(…)` / `and=(…)`: conditions `col.op.value` and nested `and(…)`/`or(…)`. */
function parseLogicList(raw: string, whole: string, depth: number): Filter[] {
  if (depth > MAX_FILTER_DEPTH) throw parseError('logic tree', whole, `Logic trees may nest at most ${MAX_FILTER_DEPTH} levels`);
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('logic tree', whole, 'expecting "("');
  const inner = raw.slice(1, -1);
  if (inner === '') throw parseError('logic tree', whole, 'expecting at least one condition');
  return splitTopLevel(inner, 'logic tree').map((item) => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/.exec(item);
    if (nested) {
      return { kind: 'logic', op: nested[2] as 'and' | 'or', negate: !!nested[1], children: parseLogicList(nested[3]!, whole, depth + 1) };
    }
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError('logic tree', whole, `unexpected "${item}"`);
    return parseCondition(item.slice(0, dot), item.slice(dot + 1));
  });
}

/** Parses `order=col[.asc|.desc][.nullsfirst|.nullslast],…`. */
export function parseOrder(raw: string): OrderItem[] {
  if (raw.trim() === '') return [];
  return splitTopLevel(raw, 'order').map((part) => {
    const [column, ...mods] = part.split('.');
    const item: OrderItem = { column: column!, direction: 'asc' };
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') item.direction = mod;
      else if (mod === 'nullsfirst') item.nulls = 'first';
      else if (mod === 'nullslast') item.nulls = 'last';
      else throw parseError('order', raw, `unexpected "${mod}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    if (!/^[A-Za-z_][\w$]*$/.test(item.column)) throw parseError('order', raw, `unexpected "${item.column}"`);
    return item;
  });
}

function parseCount(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw parseError(what, raw, 'expecting a non-negative integer');
  return Number(raw);
}

/** Reads a `Range: 0-19` header into offset and limit (PostgREST accepts it beside limit/offset). */
export function parseRangeHeader(value: string | undefined): { offset: number; limit?: number } | undefined {
  if (!value) return undefined;
  const m = /^(?:items=)?(\d{1,9})-(\d{1,9})?$/.exec(value.trim());
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (m[2] === undefined) return { offset };
  const last = Number(m[2]);
  return last < offset ? undefined : { offset, limit: last - offset + 1 };
}

/** Splits on commas outside parentheses and double quotes. */
function splitTopLevel(text: string, what: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quoted) {
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === '(') {
      depth++;
    } else if (!quoted && ch === ')') {
      depth--;
      if (depth < 0) throw parseError(what, text, 'unexpected ")"');
    } else if (!quoted && depth === 0 && ch === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted) throw parseError(what, text, 'unbalanced parentheses or quotes');
  parts.push(text.slice(start));
  if (parts.some((p) => p === '')) throw parseError(what, text, 'unexpected ","');
  return parts;
}

/** Removes PostgREST's optional double quotes around a value (`"a,b"` -> `a,b`). */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}
