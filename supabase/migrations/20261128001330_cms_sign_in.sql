/**
  * -------------------------------------------------------
  * CMS sign-in: each GitHub authorization's `state` is spent once
  * -------------------------------------------------------
  * The content editors sign in to the CMS (/cms/) through GitHub's OAuth web flow; the Edge
  * Function supabase/functions/cms-oauth starts it with a `state` it signs (a random nonce and an
  * expiry, 10 minutes ahead) and exchanges the code GitHub sends back for a token (docs/deploy.md,
  * "CMS sign-in"). The signature proves the function issued the state; this table makes each state
  * good for one exchange: the function records the nonce when it is presented, and a nonce already
  * recorded is refused. Rows are kept until their state expires (a state is refused after that
  * anyway) and removed by the next call.
  *
  * Only the function (service key) calls public.spend_cms_oauth_state; the table is in private,
  * which the REST API does not expose.
 */
create table private.cms_oauth_states
(
    nonce      uuid primary key,
    expires_at timestamptz not null
);

revoke all on table private.cms_oauth_states from public, anon, authenticated;

/**
  * Records a state's nonce as spent: true the first time, false when it was spent before or has
  * expired. Expired rows are removed on the way, so the table holds at most the states of the last
  * 10 minutes.
 */
create or replace function private.spend_cms_oauth_state(state_nonce uuid, state_expires_at timestamptz)
    returns boolean
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    delete from private.cms_oauth_states where expires_at <= now();
    if spend_cms_oauth_state.state_expires_at <= now() then
        return false;
    end if;
    insert into private.cms_oauth_states (nonce, expires_at)
    values (spend_cms_oauth_state.state_nonce, spend_cms_oauth_state.state_expires_at)
    on conflict (nonce) do nothing;
    return found;
end;
$$;

revoke all on function private.spend_cms_oauth_state(uuid, timestamptz) from public, anon, authenticated;
grant execute on function private.spend_cms_oauth_state(uuid, timestamptz) to service_role;

/** The function's call: rpc('spend_cms_oauth_state', { state_nonce, state_expires_at }) with the service key. */
create or replace function public.spend_cms_oauth_state(state_nonce uuid, state_expires_at timestamptz)
    returns boolean
    language sql
    security invoker
    set search_path = ''
as
$$
select private.spend_cms_oauth_state(spend_cms_oauth_state.state_nonce, spend_cms_oauth_state.state_expires_at);
$$;

revoke all on function public.spend_cms_oauth_state(uuid, timestamptz) from public, anon, authenticated, service_role;
grant execute on function public.spend_cms_oauth_state(uuid, timestamptz) to service_role;
