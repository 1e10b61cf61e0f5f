/**
  * -------------------------------------------------------
  * Stand-ins for pg_net, pg_cron and Vault, where the real extension cannot be created
  * -------------------------------------------------------
  * A hosted project has Vault (supabase_vault) from the start and gets pg_net and pg_cron from
  * Database → Extensions (or from the migration that needs them). PGlite can load none of them, and
  * a plain PostgreSQL server usually has only pg_cron (Debian's postgresql-15-cron), and only in the
  * one database its preloaded library serves. So the migrations meet, wherever the real extension
  * is missing, a stand-in of the same shape, made here on every start and changed only when
  * missing: the same schema, tables, columns and functions the migrations and the backend use,
  * with hosted's grants. What the extensions do outside SQL the embedded backend does:
  *   - net.http_post queues a row in net.http_request_queue, as pg_net does, and wakes the
  *     backend (pg_notify 'pg_net_wake', delivered on commit), whose worker (supabase/local/net/)
  *     sends the request after the transaction commits and records the answer in net._http_response;
  *   - cron.schedule stores a row in cron.job, and the backend's scheduler (supabase/local/cron/)
  *     runs each active job on its schedule as its user, recording each run in cron.job_run_details;
  *   - vault.create_secret stores a secret that vault.decrypted_secrets reads back. Unlike
  *     Vault's, the stand-in keeps the value as it was given (no encryption at rest): local values only.
  * A real extension always wins: each section runs only where that extension is neither installed
  * nor installable in this database, so a migration's `create extension if not exists` finds
  * either the real one to create or the stand-in already there.
 */

/**
  * -------------------------------------------------------
  * Section - pg_net (github.com/supabase/pg_net, sql/pg_net.sql)
  * -------------------------------------------------------
  * Hosted enables it with `create extension pg_net with schema extensions`; its objects live in
  * schema net. Supabase then makes http_get and http_post security definer and grants them to the
  * API roles (supabase/postgres, init-scripts/00000000000003-post-setup.sql): the same here, so a
  * migration that takes them away from anon and authenticated is tested against hosted's grants.
 */
do
$stand_in$
    begin
        if exists (select 1 from pg_extension where extname = 'pg_net')
            or exists (select 1 from pg_available_extensions where name = 'pg_net')
            or to_regclass('net.http_request_queue') is not null then
            return;
        end if;

        create schema net;

        -- Requests waiting for the worker; it deletes each one as it sends it.
        create table net.http_request_queue
        (
            id                   bigserial,
            method               text not null check (method in ('GET', 'POST', 'DELETE')),
            url                  text not null,
            headers              jsonb,
            body                 bytea,
            timeout_milliseconds int  not null
        );

        -- What each request got back (pg_net keeps them for pg_net.ttl, 6 hours).
        create table net._http_response
        (
            id           bigint,
            status_code  integer,
            content_type text,
            headers      jsonb,
            content      text,
            timed_out    bool,
            error_msg    text,
            created      timestamptz not null default now()
        );
        create index on net._http_response (created);

        -- pg_net's net.wake() sets its worker's latch; here a notification, which Postgres delivers
        -- only when (and if) the transaction that queued the request commits.
        create function net.wake() returns void
            language sql
        as
        $$
        select pg_notify('pg_net_wake', '');
        $$;

        -- Percent-encodes a query parameter as pg_net's C helper does (RFC 3986 unreserved kept).
        create function net._urlencode_string(string varchar) returns text
            language sql
            immutable
        as
        $$
        select coalesce(string_agg(case
                                       when c ~ '^[A-Za-z0-9_.~-]$' then c
                                       else regexp_replace(upper(encode(convert_to(c, 'UTF8'), 'hex')), '(..)', '%\1', 'g')
                                       end, '' order by n), '')
        from regexp_split_to_table(string, '') with ordinality as t(c, n);
        $$;

        create function net._encode_url_with_params_array(url text, params_array text[]) returns text
            language sql
            immutable
        as
        $$
        select case
                   when coalesce(array_length(params_array, 1), 0) = 0 then url
                   else url || case when url like '%?%' then '&' else '?' end || array_to_string(params_array, '&') end;
        $$;

        create function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
                                     timeout_milliseconds int default 5000) returns bigint
            language plpgsql
        as
        $$
        declare
            request_id bigint;
        begin
            insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
            values ('GET',
                    net._encode_url_with_params_array(url, (select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
                                                            from jsonb_each_text(params))),
                    headers, timeout_milliseconds)
            returning id into request_id;
            perform net.wake();
            return request_id;
        end
        $$;

        create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
                                      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
                                      timeout_milliseconds int default 5000) returns bigint
            language plpgsql
        as
        $$
        declare
            request_id   bigint;
            content_type text;
        begin
            select value into content_type
            from jsonb_each_text(coalesce(headers, '{}'::jsonb))
            where lower(key) = 'content-type'
            limit 1;
            if content_type is null then
                headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
            elsif content_type <> 'application/json' then
                raise exception 'Content-Type header must be "application/json"';
            end if;

            insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
            values ('POST',
                    net._encode_url_with_params_array(url, (select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
                                                            from jsonb_each_text(params))),
                    headers, convert_to(body::text, 'UTF8'), timeout_milliseconds)
            returning id into request_id;
            perform net.wake();
            return request_id;
        end
        $$;

        -- Supabase's grants (post-setup.sql): the API roles may call both, as their definer.
        grant usage on schema net to postgres, anon, authenticated, service_role;
        alter function net.http_get(text, jsonb, jsonb, integer) security definer;
        alter function net.http_post(text, jsonb, jsonb, jsonb, integer) security definer;
        alter function net.http_get(text, jsonb, jsonb, integer) set search_path = net;
        alter function net.http_post(text, jsonb, jsonb, jsonb, integer) set search_path = net;
        revoke all on function net.http_get(text, jsonb, jsonb, integer) from public;
        revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
        grant execute on function net.http_get(text, jsonb, jsonb, integer) to postgres, anon, authenticated, service_role;
        grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres, anon, authenticated, service_role;
    end
$stand_in$;

/**
  * -------------------------------------------------------
  * Section - pg_cron (github.com/citusdata/pg_cron, pg_cron--1.0.sql and its updates to 1.4)
  * -------------------------------------------------------
  * The real pg_cron needs its library preloaded and lives in one database (cron.database_name):
  * where it could be created here, this does nothing and the migration creates it. cron.job and
  * cron.job_run_details have pg_cron's columns; cron.schedule(name, schedule, command) replaces a
  * job of the same name and user, as pg_cron does. A schedule is five cron fields (the backend's
  * scheduler reads them with the croner library) or pg_cron's 'N seconds'.
 */
do
$stand_in$
    begin
        if exists (select 1 from pg_extension where extname = 'pg_cron')
            or (exists (select 1 from pg_available_extensions where name = 'pg_cron')
                and current_setting('cron.database_name', true) = current_database())
            or to_regclass('cron.job') is not null then
            return;
        end if;

        create schema cron;

        create table cron.job
        (
            jobid    bigserial primary key,
            schedule text    not null,
            command  text    not null,
            nodename text    not null default 'localhost',
            nodeport int     not null default 5432,
            database text    not null default current_database(),
            username text    not null default current_user,
            active   boolean not null default true,
            jobname  text,
            constraint jobname_username_uniq unique (jobname, username)
        );

        create table cron.job_run_details
        (
            jobid          bigint,
            runid          bigserial primary key,
            job_pid        integer,
            database       text,
            username       text,
            command        text,
            status         text,
            return_message text,
            start_time     timestamptz,
            end_time       timestamptz
        );

        -- Refuses what the scheduler could not run, as pg_cron refuses an invalid schedule.
        create function cron._check_schedule(schedule text) returns text
            language plpgsql
            immutable
        as
        $$
        begin
            if schedule is null then
                return null;
            end if;
            if schedule ~ '^\s*([1-9]|[1-5][0-9]) seconds?\s*$'
                or schedule ~ '^\s*@(yearly|annually|monthly|weekly|daily|hourly|midnight)\s*$'
                or schedule ~ '^\s*\S+(\s+\S+){4}\s*$' then
                return trim(schedule);
            end if;
            raise exception 'invalid schedule: %', schedule;
        end
        $$;

        create function cron.schedule(job_name text, schedule text, command text) returns bigint
            language sql
        as
        $$
        insert into cron.job (jobname, schedule, command)
        values (schedule.job_name, cron._check_schedule(schedule.schedule), schedule.command)
        on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command
        returning jobid;
        $$;

        create function cron.schedule(schedule text, command text) returns bigint
            language sql
        as
        $$
        insert into cron.job (schedule, command) values (cron._check_schedule(schedule.schedule), schedule.command)
        returning jobid;
        $$;

        create function cron.unschedule(job_id bigint) returns boolean
            language plpgsql
        as
        $$
        begin
            delete from cron.job where jobid = job_id and username = current_user;
            if not found then
                raise exception 'could not find valid entry for job %', job_id;
            end if;
            return true;
        end
        $$;

        create function cron.unschedule(job_name text) returns boolean
            language plpgsql
        as
        $$
        begin
            delete from cron.job where jobname = job_name and username = current_user;
            if not found then
                raise exception 'could not find valid entry for job ''%''', job_name;
            end if;
            return true;
        end
        $$;

        create function cron.alter_job(job_id bigint, schedule text default null, command text default null,
                                       database text default null, username text default null,
                                       active boolean default null) returns void
            language plpgsql
        as
        $$
        begin
            update cron.job j
            set schedule = coalesce(cron._check_schedule(alter_job.schedule), j.schedule),
                command  = coalesce(alter_job.command, j.command),
                database = coalesce(alter_job.database, j.database),
                username = coalesce(alter_job.username, j.username),
                active   = coalesce(alter_job.active, j.active)
            where j.jobid = job_id;
            if not found then
                raise exception 'could not find valid entry for job %', job_id;
            end if;
        end
        $$;

        -- Hosted (pg_cron/after-create.sql): postgres uses the schema; the API roles get nothing.
        revoke all on schema cron from public;
        grant usage on schema cron to postgres;
        grant all on all tables in schema cron to postgres;
        grant all on all sequences in schema cron to postgres;
        revoke all on all functions in schema cron from public;
        grant execute on all functions in schema cron to postgres;
    end
$stand_in$;

/**
  * -------------------------------------------------------
  * Section - Vault (github.com/supabase/vault, sql/supabase_vault--0.3.0.sql)
  * -------------------------------------------------------
  * vault.secrets, vault.decrypted_secrets, vault.create_secret and vault.update_secret with
  * Vault's signatures. Hosted gives the postgres role the schema and nothing to the API roles.
 */
do
$stand_in$
    begin
        if exists (select 1 from pg_extension where extname = 'supabase_vault')
            or exists (select 1 from pg_available_extensions where name = 'supabase_vault')
            or to_regclass('vault.secrets') is not null then
            return;
        end if;

        create schema vault;

        create table vault.secrets
        (
            id          uuid primary key     default gen_random_uuid(),
            name        text,
            description text        not null default '',
            secret      text        not null,
            key_id      uuid,
            nonce       bytea,
            created_at  timestamptz not null default current_timestamp,
            updated_at  timestamptz not null default current_timestamp
        );
        create unique index on vault.secrets using btree (name) where name is not null;

        create view vault.decrypted_secrets as
        select s.id, s.name, s.description, s.secret, s.secret as decrypted_secret, s.key_id, s.nonce, s.created_at, s.updated_at
        from vault.secrets s;

        create function vault.create_secret(new_secret text, new_name text default null, new_description text default '',
                                            new_key_id uuid default null) returns uuid
            language sql
            security definer
            set search_path = ''
        as
        $$
        insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description)
        returning id;
        $$;

        create function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null,
                                            new_description text default null, new_key_id uuid default null) returns void
            language sql
            security definer
            set search_path = ''
        as
        $$
        update vault.secrets s
        set secret      = coalesce(new_secret, s.secret),
            name        = coalesce(new_name, s.name),
            description = coalesce(new_description, s.description),
            updated_at  = now()
        where s.id = secret_id;
        $$;

        revoke all on schema vault from public;
        revoke all on all tables in schema vault from public;
        revoke all on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid) from public;
        grant usage on schema vault to postgres;
        grant select, insert, update, delete on vault.secrets, vault.decrypted_secrets to postgres;
        grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid) to postgres;
    end
$stand_in$;
