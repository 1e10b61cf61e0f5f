-- The `storage` schema as hosted Supabase Storage creates it (supabase/storage,
-- migrations/tenant/, folded into the shape they leave), so that policies written in
-- supabase/migrations/ for storage.objects behave here exactly as on a hosted project. It runs
-- after bootstrap.sql on every start and changes only what is missing.
--
-- Only what the embedded Storage server (supabase/local/storage/) and policies use is here: the
-- two tables, the path helpers, the updated_at trigger, the guard against deletes that bypass the
-- API, and hosted's grants. Hosted's search functions, multipart-upload tables, prefixes and
-- vector/iceberg buckets are not: listing is done by the server itself (storage/list.ts).

create schema if not exists storage;

-- Hosted (0002, 0046) grants every API role all privileges on the storage tables: row-level
-- security, which is enabled on both tables with no policy, is what denies access until a
-- migration adds policies.
grant usage on schema storage to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

-- A bucket: its settings (public, file_size_limit in bytes, allowed_mime_types such as
-- 'image/png' or 'image/*') are enforced by the Storage server on upload. owner is deprecated on
-- hosted in favour of owner_id (0018); both exist, as there.
create table if not exists storage.buckets (
    id                 text not null primary key,
    name               text not null,
    owner              uuid,
    owner_id           text,
    public             boolean default false,
    file_size_limit    bigint,
    allowed_mime_types text[],
    created_at         timestamptz default now(),
    updated_at         timestamptz default now()
);
create unique index if not exists bname on storage.buckets using btree (name);

-- An object's metadata; its bytes live in the Storage server's folder under the object's version.
-- path_tokens is hosted's generated column (0003); owner_id is the uploader's `sub` claim (0018);
-- version names the stored bytes and changes on every overwrite (0016).
create table if not exists storage.objects (
    id               uuid not null default gen_random_uuid() primary key,
    bucket_id        text references storage.buckets (id),
    name             text,
    owner            uuid,
    owner_id         text,
    created_at       timestamptz default now(),
    updated_at       timestamptz default now(),
    last_accessed_at timestamptz default now(),
    metadata         jsonb,
    path_tokens      text[] generated always as (string_to_array(name, '/')) stored,
    version          text,
    user_metadata    jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;

-- The functions below also set search_path = '' (hosted's leave it unset; they call only
-- pg_catalog functions, so the result is the same) to follow the project's rule for every function.

-- The folders of an object name: storage.foldername('a/b/c.pdf') = '{a,b}'. Policies use it to
-- tie a folder to a user, e.g. (storage.foldername(name))[1] = (select auth.uid())::text.
create or replace function storage.foldername(name text)
    returns text[]
    language plpgsql
    immutable
    set search_path = ''
as $function$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

-- The last segment of an object name: storage.filename('a/b/c.pdf') = 'c.pdf'.
create or replace function storage.filename(name text)
    returns text
    language plpgsql
    immutable
    set search_path = ''
as $function$
declare
    _parts text[];
begin
    select string_to_array(name, '/') into _parts;
    return _parts[array_length(_parts, 1)];
end
$function$;

-- The text after the last dot of the file name: storage.extension('a/b/c.pdf') = 'pdf'.
create or replace function storage.extension(name text)
    returns text
    language plpgsql
    immutable
    set search_path = ''
as $function$
declare
    _parts text[];
    _filename text;
begin
    select string_to_array(name, '/') into _parts;
    select _parts[array_length(_parts, 1)] into _filename;
    return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

-- Keeps updated_at true on every change of an object, as hosted's trigger (0011) does.
create or replace function storage.update_updated_at_column()
    returns trigger
    language plpgsql
    set search_path = ''
as $function$
begin
    new.updated_at = now();
    return new;
end
$function$;

drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
    for each row execute function storage.update_updated_at_column();

-- A row deleted in SQL would leave its bytes behind with nothing pointing at them, so, as on
-- hosted (0055), only the Storage API (which sets storage.allow_delete_query for its own delete
-- and then removes the bytes) may delete objects or buckets.
create or replace function storage.protect_delete()
    returns trigger
    language plpgsql
    set search_path = ''
as $function$
begin
    if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
        raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
            using hint = 'This prevents accidental data loss from orphaned objects.',
                  errcode = '42501';
    end if;
    return null;
end
$function$;

drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
    for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
    for each statement execute function storage.protect_delete();
