// POST /object/list/{bucket}: one level of a bucket below a prefix, as hosted's storage.search
// answers it (folders as rows with a null id, then files), run as the caller so the select
// policy hides what it hides.
import { json, type Reply } from '../http.ts';
import { asCaller, type StorageContext, type StorageRequest } from './context.ts';
import { StorageErrors } from './errors.ts';
import { isoTimestamp } from './timestamps.ts';

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);
/** Most entries one list answers (hosted caps a page at the same number). */
const MAX_LIMIT = 1000;

interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  column: string;
  order: 'asc' | 'desc';
  search: string;
}

/** Answers a list request. */
export async function listObjects(ctx: StorageContext, r: StorageRequest, bucketId: string, body: unknown): Promise<Reply> {
  const o = listOptions(body);
  // `name like` with the user's text escaped: prefix and search are literal text, never patterns.
  const rows = await asCaller(ctx, r, true, async (tx) =>
    (
      await tx.query<{ body: string }>(
        `with level as (
           select split_part(substr(name, char_length($2) + 1), '/', 1) as entry,
                  strpos(substr(name, char_length($2) + 1), '/') = 0 as is_file,
                  id, updated_at, created_at, last_accessed_at, metadata
             from storage.objects
            where bucket_id = $1 and starts_with(name, $2)
              and lower(substr(name, char_length($2) + 1)) like lower($3) || '%' escape '\\'
         ), entries as (
           select distinct on (entry) entry as name,
                  case when is_file then id end as id,
                  case when is_file then updated_at end as updated_at,
                  case when is_file then created_at end as created_at,
                  case when is_file then last_accessed_at end as last_accessed_at,
                  case when is_file then metadata end as metadata
             from level
            order by entry, is_file desc
         )
         select coalesce(json_agg(e), '[]')::text as body
           from (select name, id, ${isoTimestamp('updated_at')} as updated_at, ${isoTimestamp('created_at')} as created_at,
                        ${isoTimestamp('last_accessed_at')} as last_accessed_at, metadata
                   from entries
                  order by entries.${o.column} ${o.order} nulls first, entries.name ${o.order} limit $4 offset $5) e`,
        [bucketId, o.prefix, escapeLike(o.search), o.limit, o.offset],
      )
    ).rows[0]!.body,
  );
  return json(200, rows);
}

/** The list body storage-js sends, checked; a prefix gains its trailing slash as hosted adds it. */
function listOptions(body: unknown): ListOptions {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const sortBy = (typeof b.sortBy === 'object' && b.sortBy !== null ? b.sortBy : {}) as Record<string, unknown>;
  const text = (v: unknown, name: string) => {
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string' || v.includes('\u0000')) throw StorageErrors.invalidParameter(name);
    return v;
  };
  const count = (v: unknown, fallback: number, min: number, name: string) => {
    if (v === undefined || v === null) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw StorageErrors.invalidParameter(name);
    return v;
  };
  let prefix = text(b.prefix, 'prefix');
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const column = sortBy.column === undefined ? 'name' : String(sortBy.column);
  const order = sortBy.order === undefined ? 'asc' : String(sortBy.order).toLowerCase();
  if (!SORT_COLUMNS.has(column)) throw StorageErrors.invalidParameter('sortBy.column');
  if (order !== 'asc' && order !== 'desc') throw StorageErrors.invalidParameter('sortBy.order');
  return {
    prefix,
    limit: Math.min(count(b.limit, 100, 1, 'limit'), MAX_LIMIT),
    offset: count(b.offset, 0, 0, 'offset'),
    column,
    order,
    search: text(b.search, 'search'),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
