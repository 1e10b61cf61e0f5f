/**
  * -------------------------------------------------------
  * The daily rebuild of the static site
  * -------------------------------------------------------
  * The site is built by the CDN (Netlify or Cloudflare Pages, docs/deploy.md) from the repository.
  * A news item dated ahead of today, in Lagos, is left out of the build (src/lib/content/
  * publication.ts); it appears when the site is next built on or after its day. So that nobody has
  * to remember, Supabase Cron asks the CDN for a build just after midnight in Lagos each day,
  * through its build hook: a URL that starts a build of the production branch when POSTed to.
  * The URL is the only secret (whoever has it can start builds), so it lives in Vault
  * (site_build_hook_url, set once per project, docs/deploy.md), never in a migration. pg_net sends
  * the request after the job's transaction commits. The extensions come from
  * 20261122000500_notifications.sql.
 */

/**
  * Asks the CDN to build the site: one POST to Vault's site_build_hook_url. Returns the pg_net
  * request id, or NULL when Vault has no URL (a project without a CDN hook, a local database): then
  * nothing is sent and one warning says so, once per day, never an error.
 */
create or replace function private.rebuild_site()
    returns bigint
    language plpgsql
    security definer
    set search_path = ''
as
$$
declare
    hook_url text;
begin
    select s.decrypted_secret
    into hook_url
    from vault.decrypted_secrets s
    where s.name = 'site_build_hook_url';
    if coalesce(hook_url, '') = '' then
        raise warning 'Vault has no site_build_hook_url, so the site was not rebuilt; scheduled news waits for the next deploy (docs/deploy.md).';
        return null;
    end if;

    -- Netlify and Cloudflare Pages both take an empty JSON POST; a build takes minutes, and the
    -- hook answers as soon as the build is queued.
    return net.http_post(
            url := hook_url,
            body := '{}'::jsonb,
            headers := jsonb_build_object('Content-Type', 'application/json'),
            timeout_milliseconds := 10000);
end;
$$;

revoke all on function private.rebuild_site() from public, anon, authenticated, service_role;

-- pg_cron replaces a job of the same name, so applying this again changes nothing. Cron reads its
-- schedule in UTC (hosted Supabase does not let a project set cron.timezone), so the hour is worked
-- out here from the consultancy's zone (private.consultancy_time_zone), not written by hand: 00:05
-- in Lagos, the first minutes of the new day, which src/lib/content/publication.ts counts in Lagos
-- too. Lagos keeps one offset all year (UTC+1), so one daily hour is right in every season.
select cron.schedule('rebuild-site-daily',
                     format('5 %s * * *', extract(hour from ('2000-01-01 00:05'::timestamp
                         at time zone private.consultancy_time_zone()) at time zone 'UTC')::int),
                     'select private.rebuild_site()');
