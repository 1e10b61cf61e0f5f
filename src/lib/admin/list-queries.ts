// Turns a list's view into a PostgREST request: filters, a prefix search over the list's
// lower-cased keys (a range on each), the order (the sort column, then id the other way, to match the
// (column desc, id) indexes and keep pages stable), and the page with an exact count of the rows.
//
// A page reached by Next or Previous is read by key: the rows after (or before) the row that ends
// (or starts) the page the staff member was on, which the index finds at once, so a page deep in
// 100,000 rows costs what the first costs. Read by its range instead (offset), it walks the index
// past every row before it (docs/performance.md has the figures). The first page, a page typed or
// linked without a key, and a sort by a column that may be empty are read by range.
import type { SiteClient } from '../database.ts';
import { staffFailure } from '../forms/errors.ts';
import { succeeded, type Result } from '../result.ts';
import { selectList, type ListConfig, type ListQuery, type Row } from './lists.ts';
import { keyedSort, type PageKey, type ViewState } from './list-view.ts';

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

/** A value in a PostgREST logic filter, double-quoted so commas and brackets in it stay literal. */
const quote = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * The `or=` filter matching rows whose lower-cased keys start with `term`. Written as a range
 * (key >= term and key < prefixEnd(term)) rather than `like 'term%'`: Postgres only uses an index
 * for a condition that comes before row-level security when its operator is leakproof, and text
 * comparisons are, LIKE is not (with LIKE every search read the whole table). Values are
 * double-quoted so commas and brackets in the term stay literal.
 */
export function searchFilter(keys: string[], term: string): string {
  const start = term.trim().toLowerCase();
  return keys.map((key) => `and(${key}.gte.${quote(start)},${key}.lt.${quote(prefixEnd(start))})`).join(',');
}

/** Applies the view's filters and search to a query of the list's table. */
function applyFilters(query: ListQuery, list: ListConfig, view: ViewState): ListQuery {
  let q = query;
  for (const filter of list.filters) {
    const value = view.filters[filter.key];
    if (value) q = filter.apply ? filter.apply(q, value) : q.eq(filter.key, value);
  }
  if (view.q.trim()) q = q.or(searchFilter(list.searchKeys, view.q));
  return q;
}

/** Orders by the sort column, then id the other way; `reversed` reads the same order backwards. */
function applyOrder(query: ListQuery, view: ViewState, reversed = false): ListQuery {
  const ascending = view.ascending !== reversed;
  return query.order(view.sort, { ascending }).order('id', { ascending: !ascending });
}

/** Applies the view's filters, search and order to a query of the list's table. */
export function applyView(query: ListQuery, list: ListConfig, view: ViewState): ListQuery {
  return applyOrder(applyFilters(query, list, view), view);
}

/**
 * The rows after `key` (or before it) in the order `sort` then id the other way, as PostgREST
 * filters: a range on the sort column, which starts the index scan at the key, and the tie-break on
 * id among the rows that share the key's sort value. Going forward in an ascending order:
 * `sort >= v` and (`sort > v` or `id < key's id`); the other three cases mirror it.
 */
export function keyFilters(sort: string, ascending: boolean, key: PageKey): { range: ['gte' | 'lte', string]; or: string } {
  const up = ascending === key.after;
  return {
    range: [up ? 'gte' : 'lte', key.value],
    or: `${sort}.${up ? 'gt' : 'lt'}.${quote(key.value)},id.${up ? 'lt' : 'gt'}.${key.id}`,
  };
}

export interface Page {
  rows: Row[];
  /** Rows matching the search and filters, over all pages. */
  total: number;
}

/** One page of the list with the exact number of matching rows. */
export async function fetchPage(supabase: SiteClient, list: ListConfig, view: ViewState): Promise<Result<Page>> {
  if (view.key && view.page > 1 && keyedSort(list, view.sort)) {
    const page = await fetchPageByKey(supabase, list, view, view.key);
    // No row beyond the key any more (they were deleted), or a key the server cannot read (an
    // edited link): the page by its number instead.
    if (page.ok && page.data.rows.length > 0) return page;
  }
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

/**
 * The page after (or before) `key`, and beside it the exact count of every matching row (the count
 * of the page's own request would count only the rows past the key). Going back, the rows are
 * read in the reverse order from the key and put back in the view's.
 */
async function fetchPageByKey(supabase: SiteClient, list: ListConfig, view: ViewState, key: PageKey): Promise<Result<Page>> {
  const { range, or } = keyFilters(view.sort, view.ascending, key);
  const query = applyFilters(selectList(supabase, list, list.select), list, view)[range[0]](view.sort, range[1]).or(or);
  const [page, matching] = await Promise.all([applyOrder(query, view, !key.after).limit(view.size), fetchMatching(supabase, list, view)]);
  if (page.error) return staffFailure(page.error);
  if (!matching.ok) return matching;
  const rows = page.data ?? [];
  return succeeded({ rows: key.after ? rows : rows.reverse(), total: matching.data });
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

/** One row of the list by its id (the columns of its `select`); null when there is none, or row-level security hides it. */
export async function fetchRow(supabase: SiteClient, list: ListConfig, id: string): Promise<Result<Row | null>> {
  const { data, error } = await selectList(supabase, list, list.select).eq('id', id).maybeSingle();
  if (error) return staffFailure(error);
  return succeeded(data);
}
