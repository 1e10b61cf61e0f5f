// Turns a list's view into a PostgREST request: filters, a prefix search over the list's
// lower-cased keys (a range on each), the order (the sort column, then id the other way, to match the
// (column desc, id) indexes and keep pages stable), and the page as a range with an exact count.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import type { ListConfig, Row } from './lists.ts';
import type { ViewState } from './list-view.ts';

/**
 * The string just after every string that starts with `prefix`, in the "C" order of the search
 * keys (code point order): the prefix with its last character moved one code point on.
 */
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  // Skip the surrogate block, which no string holds.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/**
 * The `or=` filter matching rows whose lower-cased keys start with `term`. Written as a range
 * (key >= term and key < prefixEnd(term)) rather than `like 'term%'`: Postgres only uses an index
 * for a condition that comes before row-level security when its operator is leakproof, and text
 * comparisons are, LIKE is not (with LIKE every search read the whole table). Values are
 * double-quoted so commas and brackets in the term stay literal.
 */
export function searchFilter(keys: string[], term: string): string {
  const start = term.trim().toLowerCase();
  const quote = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return keys.map((key) => `and(${key}.gte.${quote(start)},${key}.lt.${quote(prefixEnd(start))})`).join(',');
}

/**
 * A select on a list's table. A list names its columns, sort keys and filters as data (strings
 * that one DataTable reads for any of five tables), which the generated types cannot follow: the
 * query goes through the client without them, and its rows are Rows, records of the named columns.
 */
export function selectList(supabase: SiteClient, list: ListConfig, columns: string, options?: { count?: 'exact'; head?: boolean }) {
  const byColumnName: SupabaseClient = supabase;
  return byColumnName.from(list.table).select<string, Row>(columns, options);
}

export type ListQuery = ReturnType<typeof selectList>;

/** Applies the view's filters, search and order to a query of the list's table. */
export function applyView(query: ListQuery, list: ListConfig, view: ViewState): ListQuery {
  let q = query;
  for (const filter of list.filters) {
    const value = view.filters[filter.key];
    if (value) q = filter.apply ? filter.apply(q, value) : q.eq(filter.key, value);
  }
  if (view.q.trim()) q = q.or(searchFilter(list.searchKeys, view.q));
  return q.order(view.sort, { ascending: view.ascending }).order('id', { ascending: !view.ascending });
}

export interface Page {
  rows: Row[];
  /** Rows matching the search and filters, over all pages. */
  total: number;
}

/** One page of the list with the exact number of matching rows. */
export async function fetchPage(supabase: SiteClient, list: ListConfig, view: ViewState): Promise<Result<Page>> {
  const from = (view.page - 1) * view.size;
  const query = applyView(selectList(supabase, list, list.select, { count: 'exact' }), list, view);
  const { data, error, count } = await query.range(from, from + view.size - 1);
  // A page past the end (a stale link, or the last row of the last page deleted) answers 416;
  // the table then moves to the last page that exists.
  if (error?.code === 'PGRST103') {
    const matching = await fetchMatching(supabase, list, view);
    return matching.ok ? succeeded({ rows: [], total: matching.data }) : matching;
  }
  if (error) return staffFailure(error);
  return succeeded({ rows: data ?? [], total: count ?? 0 });
}

async function fetchMatching(supabase: SiteClient, list: ListConfig, view: ViewState): Promise<Result<number>> {
  const { error, count } = await applyView(selectList(supabase, list, 'id', { count: 'exact', head: true }), list, view);
  if (error) return staffFailure(error);
  return succeeded(count ?? 0);
}

/** The number of rows in the list, whatever the search (HEAD request, no rows sent). */
export async function fetchTotal(supabase: SiteClient, list: ListConfig): Promise<Result<number>> {
  const { error, count } = await selectList(supabase, list, 'id', { count: 'exact', head: true });
  if (error) return staffFailure(error);
  return succeeded(count ?? 0);
}
