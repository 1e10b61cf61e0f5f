// The one server-paged table of the dashboard, driven by a list's description (lists.ts): search,
// filters, sortable headers, page size and paging (all kept in the URL), CSV export, and a delete
// action per row behind a confirmation. On a phone each row reads as a card (admin-table.css): every
// cell shows its column's label (data-label) for the eye (screen readers have the column headers,
// kept in the table, which states its roles so that no browser drops them with the cards'
// layout), and the sortable headers stay as a row of buttons above the cards. Lists add their own row actions through `actions`, and
// columns that are not the table's data (a row's notifications, its handled state) through `extraColumns`.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { consultancyToday } from '../../../common/domain.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import Badge from '../ui/Badge.tsx';
import ConfirmDelete from './ConfirmDelete.tsx';
import { downloadCsv, exportCsv } from '../../lib/admin/csv-export.ts';
import { unwrap } from './query-result.ts';
import type { Column, ListConfig, Row } from '../../lib/admin/lists.ts';
import { fetchPage } from '../../lib/admin/list-queries.ts';
import { useToast } from './Toasts.tsx';
import { onWorkspaceLink } from './workspace-address.ts';
import './admin-table.css';
import { PAGE_SIZES, keyedSort, readView, storeView, type ViewState } from '../../lib/admin/list-view.ts';

const LOAD_FAILED = 'Failed to load data. Please try again.';

/** A column the dashboard adds beside a list's data; `page` is every row shown, for one query per page. */
export interface ExtraColumn {
  key: string;
  label: string;
  render: (row: Row, page: Row[]) => ReactNode;
}

interface Props {
  list: ListConfig;
  /** Columns after the list's own, before Actions. */
  extraColumns?: readonly ExtraColumn[];
  /** Extra buttons before Delete in a row's last cell. */
  actions?: (row: Row) => ReactNode;
  /** Why a row may not be deleted (the admin's own account), or undefined. */
  cannotDelete?: (row: Row) => string | undefined;
  /** False where the viewer's role may not delete the list's rows (an adviser's users list): no Delete button. */
  deletable?: boolean;
  /**
   * Cells that link to the row's own page (an application's name and reference open its case), so
   * it is reachable from the first columns, without scrolling the table sideways to its actions.
   */
  cellLink?: { columns: readonly string[]; href: (row: Row) => string };
}

const count = new Intl.NumberFormat('en-GB');

function cellText(column: Column, row: Row): string {
  const value = row[column.key];
  if (column.format) return column.format(value);
  return value === null || value === undefined ? '' : String(value);
}

/** A row's short name for screen readers ("Delete Zainab Bello"): its first text column. */
function rowName(list: ListConfig, row: Row): string {
  const column = list.columns.find((c) => c.key !== 'created_at' && c.key !== 'submitted_at') ?? list.columns[0]!;
  return cellText(column, row);
}

export default function DataTable({ list, extraColumns = [], actions, cannotDelete, deletable = true, cellLink }: Props) {
  const supabase = getSupabase();
  const queryClient = useQueryClient();
  const notify = useToast();
  const captionId = useId();
  const [view, setViewState] = useState<ViewState>(() => readView(list, window.location.search));
  const [searchText, setSearchText] = useState(view.q);
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [exporting, setExporting] = useState(false);
  // Delete shows where the list's rows may be deleted and the viewer's role may delete them.
  const deleting = deletable && list.remove !== undefined;
  const hasActions = deleting || actions !== undefined;

  const setView = (next: ViewState) => {
    // A page key belongs to the page Next or Previous reached; any other change starts again.
    const { key, ...rest } = next;
    const kept = key && key !== view.key && next.page > 1 ? { ...rest, key } : rest;
    setViewState(kept);
    storeView(list, kept);
  };

  const page = useQuery({
    queryKey: ['list', list.id, view],
    queryFn: () => unwrap(fetchPage(supabase, list, view)),
    // The previous page stays on screen while the next one loads, so the table never jumps.
    placeholderData: keepPreviousData,
  });

  const total = page.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / view.size));
  // A page past the end (stale link, last row deleted) moves to the last page there is.
  useEffect(() => {
    if (page.data && !page.isPlaceholderData && view.page > pageCount) setView({ ...view, page: pageCount });
  });

  /**
   * The page `by` pages away (1 or -1), keyed on the row it follows or precedes where the sort
   * allows (list-queries.ts says why), or by its number.
   */
  const turnPage = (by: 1 | -1) => {
    // While the next page loads the table still shows the last one: those rows are not this page's edge.
    const rows = page.isPlaceholderData ? [] : (page.data?.rows ?? []);
    const edge = by === 1 ? rows.at(-1) : rows[0];
    const value = edge?.[view.sort];
    const next = { ...view, page: view.page + by };
    if (edge && next.page > 1 && keyedSort(list, view.sort) && typeof value === 'string') next.key = { after: by === 1, value, id: edge.id };
    setView(next);
  };

  const remove = useMutation({
    mutationFn: (row: Row) => unwrap(list.remove ? list.remove(supabase, row) : Promise.reject(new Error(`${list.title} are never deleted.`))),
    onSuccess: () => {
      notify(`${list.noun[0]!.toUpperCase()}${list.noun.slice(1)} deleted.`);
      setToDelete(null);
    },
    onError: () => {
      notify(`Failed to delete ${list.noun}.`);
      setToDelete(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['list', list.id] }).then(() => queryClient.invalidateQueries({ queryKey: ['total', list.id] })),
  });

  const sortBy = (column: Column) => {
    const same = view.sort === column.sortKey;
    setView({ ...view, page: 1, sort: column.sortKey!, ascending: same ? !view.ascending : (column.firstAscending ?? true) });
  };

  const onSearch = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setView({ ...view, page: 1, q: searchText.trim() });
  };

  const onExport = async () => {
    setExporting(true);
    const csv = await exportCsv(supabase, list, view);
    if (csv.ok) {
      // Dated by the consultancy's day, as every date staff read.
      downloadCsv(csv.data, `${list.exportName}-${consultancyToday()}.csv`);
      notify(`${list.title} exported.`);
    } else {
      notify('Failed to export data. Please try again.');
    }
    setExporting(false);
  };

  const columnCount = list.columns.length + extraColumns.length + (hasActions ? 1 : 0);
  const sortedColumn = list.columns.find((column) => column.sortKey === view.sort);
  const first = total === 0 ? 0 : (view.page - 1) * view.size + 1;
  const last = Math.min(total, view.page * view.size);

  return (
    <div className="admin-table">
      <div className="admin-table__tools">
        <form role="search" aria-label={`Search ${list.title.toLowerCase()}`} className="admin-search" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor={`${list.id}-search`}>{list.searchLabel}</label>
            <input id={`${list.id}-search`} type="search" value={searchText} maxLength={200} onChange={(e) => setSearchText(e.target.value)} />
          </div>
          <button type="submit" className="admin-button">
            Search
          </button>
          {view.q && (
            <button
              type="button"
              className="admin-button"
              onClick={() => {
                setSearchText('');
                setView({ ...view, page: 1, q: '' });
              }}
            >
              Clear search
            </button>
          )}
        </form>
        {list.filters.map((filter) => (
          <div className="field admin-filter" key={filter.key}>
            <label htmlFor={`${list.id}-filter-${filter.key}`}>{filter.label}</label>
            <select
              id={`${list.id}-filter-${filter.key}`}
              value={view.filters[filter.key] ?? ''}
              onChange={(e) => setView({ ...view, page: 1, filters: { ...view.filters, [filter.key]: e.target.value } })}
            >
              <option value="">All</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="button" className="admin-button admin-export" disabled={exporting} onClick={() => void onExport()}>
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </div>

      {page.isError ? (
        <div role="alert" className="admin-error">
          <p>{LOAD_FAILED}</p>
          <button type="button" className="admin-button" onClick={() => void page.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <>
          <div className="admin-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table role="table" aria-busy={page.isFetching}>
              <caption id={captionId}>
                {list.title}
                <span className="visually-hidden">
                  {sortedColumn ? `, sorted by ${sortedColumn.label}, ${view.ascending ? 'ascending' : 'descending'}` : ''}
                  {view.q ? `, search: ${view.q}` : ''}
                </span>
              </caption>
              <thead role="rowgroup">
                <tr role="row">
                  {list.columns.map((column) => {
                    const sorted = column.sortKey !== undefined && column.sortKey === view.sort;
                    return (
                      <th
                        key={column.key}
                        role="columnheader"
                        scope="col"
                        className={column.sortKey ? 'admin-th--sortable' : undefined}
                        aria-sort={sorted ? (view.ascending ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortKey ? (
                          <button type="button" className="admin-sort" onClick={() => sortBy(column)}>
                            {column.label}
                            <span aria-hidden="true" className="admin-sort__arrow">
                              {sorted ? (view.ascending ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        ) : (
                          column.label
                        )}
                      </th>
                    );
                  })}
                  {extraColumns.map((column) => (
                    <th key={column.key} role="columnheader" scope="col">
                      {column.label}
                    </th>
                  ))}
                  {hasActions && (
                    <th role="columnheader" scope="col">
                      Actions
                    </th>
                  )}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {page.isPending ? (
                  <tr role="row">
                    <td role="cell" colSpan={columnCount}>
                      Loading...
                    </td>
                  </tr>
                ) : page.data.rows.length === 0 ? (
                  <tr role="row">
                    <td role="cell" colSpan={columnCount}>{view.q || Object.values(view.filters).some(Boolean) ? 'No matching entries.' : 'No entries yet.'}</td>
                  </tr>
                ) : (
                  page.data.rows.map((row) => {
                    const refusal = cannotDelete?.(row);
                    return (
                      <tr key={row.id} role="row">
                        {list.columns.map((column) => (
                          <td key={column.key} role="cell" data-column={column.key} data-label={column.label}>
                            {column.badge ? (
                              <Badge tone={column.badge(row[column.key])}>{cellText(column, row)}</Badge>
                            ) : cellLink?.columns.includes(column.key) ? (
                              <a href={cellLink.href(row)} onClick={onWorkspaceLink}>
                                {cellText(column, row)}
                              </a>
                            ) : (
                              cellText(column, row)
                            )}
                          </td>
                        ))}
                        {extraColumns.map((column) => (
                          <td key={column.key} role="cell" data-column={column.key} data-label={column.label}>
                            {column.render(row, page.data.rows)}
                          </td>
                        ))}
                        {hasActions && (
                          <td role="cell" className="admin-actions">
                            {actions?.(row)}
                            {deleting && (
                              <button
                                type="button"
                                className="admin-button admin-button--danger"
                                disabled={refusal !== undefined}
                                title={refusal}
                                onClick={() => setToDelete(row)}
                              >
                                Delete<span className="visually-hidden"> {rowName(list, row)}</span>
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
          <nav className="admin-paging" aria-label={`${list.title} pages`}>
            <p className="admin-paging__summary">
              {total === 0 ? 'No rows' : `Showing ${count.format(first)}–${count.format(last)} of ${count.format(total)}`}
            </p>
            <div className="field admin-paging__size">
              <label htmlFor={`${list.id}-size`}>Rows per page</label>
              <select id={`${list.id}-size`} value={view.size} onChange={(e) => setView({ ...view, page: 1, size: Number(e.target.value) })}>
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="admin-button" disabled={view.page <= 1} onClick={() => turnPage(-1)}>
              Previous page
            </button>
            <span>
              Page {count.format(view.page)} of {count.format(pageCount)}
            </span>
            <button type="button" className="admin-button" disabled={view.page >= pageCount} onClick={() => turnPage(1)}>
              Next page
            </button>
          </nav>
        </>
      )}

      <ConfirmDelete list={list} row={toDelete} busy={remove.isPending} onConfirm={(row) => remove.mutate(row)} onCancel={() => setToDelete(null)} />
    </div>
  );
}
