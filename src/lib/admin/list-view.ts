// What one list shows (page, page size, sort, search, filters), read from and written to the URL
// so a reload or a shared link shows the same view. Each list's keys carry its id as a prefix
// (applications.page=2, users.q=amara), and only values that differ from the default are written.
// A page reached with Next or Previous also names the row it follows or precedes
// (applications.after=<sort value>|<id>), so it is read by key, not by skipping the rows before it
// (list-queries.ts says why).
import type { ListConfig } from './lists.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = 25;

/** The row a page comes after (Next) or before (Previous), in the view's order: its sort value and id. */
export interface PageKey {
  after: boolean;
  value: string;
  id: string;
}

export interface ViewState {
  page: number;
  size: number;
  sort: string;
  ascending: boolean;
  q: string;
  filters: Record<string, string>;
  /** Absent on the first page, after any change but paging, and for a sort that is not keyed. */
  key?: PageKey;
}

/** True when pages of `list` sorted by `sort` can be read by key: its column is never empty (lists.ts, Column.keyed). */
export function keyedSort(list: ListConfig, sort: string): boolean {
  return list.columns.some((column) => column.sortKey === sort && column.keyed === true);
}

/** `value|id`, as the URL carries a page key; ids are UUIDs, so the last `|` ends the value. */
function readKey(text: string | null, after: boolean): PageKey | undefined {
  const cut = text?.lastIndexOf('|') ?? -1;
  if (!text || cut <= 0) return undefined;
  const id = text.slice(cut + 1);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return { after, value: text.slice(0, cut).slice(0, 100), id };
}

export function defaultView(list: ListConfig): ViewState {
  return { page: 1, size: DEFAULT_SIZE, sort: list.defaultSort.key, ascending: list.defaultSort.ascending, q: '', filters: {} };
}

/** The view of `list` that `search` (a location.search) describes; unknown values fall back to the default. */
export function readView(list: ListConfig, search: string): ViewState {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(`${list.id}.${key}`);
  const view = defaultView(list);
  const page = Number(get('page'));
  if (Number.isInteger(page) && page > 1) view.page = page;
  const size = Number(get('size'));
  if ((PAGE_SIZES as readonly number[]).includes(size)) view.size = size;
  const [sortKey, direction] = (get('sort') ?? '').split('.');
  if (list.columns.some((column) => column.sortKey && column.sortKey === sortKey) && (direction === 'asc' || direction === 'desc')) {
    view.sort = sortKey!;
    view.ascending = direction === 'asc';
  }
  view.q = (get('q') ?? '').slice(0, 200);
  for (const filter of list.filters) {
    const value = get(filter.key);
    if (value && filter.options.some((option) => option.value === value)) view.filters[filter.key] = value;
  }
  const key = readKey(get('after'), true) ?? readKey(get('before'), false);
  if (key && view.page > 1 && keyedSort(list, view.sort)) view.key = key;
  return view;
}

/** True when `search` holds any key of `list` (a link to a filtered view of it). */
export function namesView(list: ListConfig, search: string): boolean {
  return [...new URLSearchParams(search).keys()].some((key) => key.startsWith(`${list.id}.`));
}

/** `search` with the keys of `list` replaced by `view` (defaults left out). */
export function writeView(list: ListConfig, view: ViewState, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (key.startsWith(`${list.id}.`)) params.delete(key);
  const fallback = defaultView(list);
  const set = (key: string, value: string) => params.set(`${list.id}.${key}`, value);
  if (view.page !== fallback.page) set('page', String(view.page));
  if (view.size !== fallback.size) set('size', String(view.size));
  if (view.sort !== fallback.sort || view.ascending !== fallback.ascending) set('sort', `${view.sort}.${view.ascending ? 'asc' : 'desc'}`);
  if (view.q) set('q', view.q);
  for (const [key, value] of Object.entries(view.filters)) if (value) set(key, value);
  if (view.key && view.page > 1) set(view.key.after ? 'after' : 'before', `${view.key.value}|${view.key.id}`);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Puts `view` in the address bar without a navigation (the router's history state is kept). */
export function storeView(list: ListConfig, view: ViewState): void {
  const search = writeView(list, view, window.location.search);
  if (search === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
}
