/**
  * -------------------------------------------------------
  * Admin: user management and the dashboard's queries
  * -------------------------------------------------------
  * An admin deletes users and changes their role through the functions below (no API role may
  * delete an auth account or write profiles.role). The dashboard's lists read the tables directly,
  * through the admin policies of each table; their search keys and indexes are declared with each
  * table, for the reasons given here.
 */

/**
  * -------------------------------------------------------
  * Section - Search keys and list indexes (declared with each table)
  * -------------------------------------------------------
  * The dashboard pages every list on the server (exact count + range), sorts by its main columns
  * and searches by name, email or passport number.
  *
  * Search keys: search matches the start of a name, email or passport number, ignoring letter
  * case. PostgREST filters columns, not expressions, so each searched column has a lower-cased
  * twin (`<column>_lower`, a generated column) that the database keeps current. The twins use the
  * "C" collation, where a prefix is a plain range (key >= 'abc' and key < 'abd'), so one b-tree
  * index per column serves search and ORDER BY under any database collation. The dashboard sends
  * that range rather than `like 'abc%'`: row-level security lets only leakproof operators into an
  * index condition, and text comparisons are leakproof, LIKE is not
  * (tests/db/admin-indexes.test.ts shows both plans). Why not '%term%' with a pg_trgm GIN index:
  * the embedded backend (PGlite) only has the extensions it is started with (pgcrypto, set in
  * supabase/local/db/pglite.ts), and a leading-wildcard search without it reads every row.
  *
  * List indexes: every list orders by one column and then by id in the opposite direction (the
  * island's sortOrder), so each list index has the shape (column desc, id): scanned forwards for a
  * descending sort, backwards for an ascending one, and the tie-break keeps pages stable.
 */

/**
  * -------------------------------------------------------
  * Section - Admin guard
  * -------------------------------------------------------
 */

/**
  * Raises unless the caller is an admin acting on another user: SQLSTATE 42501 (HTTP 401/403) with
  * not_admin when the caller is not an admin, P0001 (HTTP 400) with on_self when target_user is the
  * caller (an admin deleting or demoting themself could leave nobody able to manage the site).
 */
create or replace function private.require_admin(target_user uuid, not_admin text, on_self text)
    returns void
    language plpgsql
    stable
    set search_path = ''
as
$$
begin
    if not private.is_admin() then
        raise exception '%', not_admin using errcode = 'insufficient_privilege';
    end if;

    if target_user = (select auth.uid()) then
        raise exception '%', on_self using errcode = 'P0001';
    end if;
end;
$$;

-- Called only by the security definer functions below, as their owner.
revoke all on function private.require_admin(uuid, text, text) from public, anon, authenticated;

/**
  * -------------------------------------------------------
  * Section - User management
  * -------------------------------------------------------
  * Each RPC is a security invoker function in public (the API's schema) that calls a security
  * definer function of the same name in private, which checks its caller with the admin guard
  * before it uses its owner's rights. So no exposed function runs as its owner (Supabase's linter,
  * lints 0028/0029), and a signed-in user who is not an admin gets the guard's error either way.
 */

/**
  * Deletes the auth account user_id. Only admins may (SQLSTATE 42501 otherwise), an admin cannot
  * delete their own account this way (that would lock the last admin out), and an unknown id
  * raises PT404 (PostgREST answers HTTP 404). The profile, identities, sessions and refresh tokens
  * cascade, and the user's visa applications stay with user_id cleared (PRODUCT.md).
 */
create or replace function private.admin_delete_user(user_id uuid)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(admin_delete_user.user_id,
                                  not_admin => 'Only administrators can delete users.',
                                  on_self => 'Administrators cannot delete their own account.');

    delete from auth.users where id = admin_delete_user.user_id;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
end;
$$;

revoke all on function private.admin_delete_user(uuid) from public, anon, authenticated, service_role;
grant execute on function private.admin_delete_user(uuid) to authenticated;

/**
  * The admin users list's delete: rpc('admin_delete_user', { user_id }); private.admin_delete_user
  * checks the caller and deletes.
 */
create or replace function public.admin_delete_user(user_id uuid)
    returns void
    language sql
    security invoker
    set search_path = ''
as
$$
select private.admin_delete_user(admin_delete_user.user_id);
$$;

revoke all on function public.admin_delete_user(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_delete_user(uuid) to authenticated;

/**
  * Makes target_user an admin or a user again. Only admins may (SQLSTATE 42501 otherwise); an admin
  * cannot change their own role; new_role must be 'user' or 'admin' (22023, HTTP 400); an unknown
  * user raises PT404 (HTTP 404). Returns the role now stored. Security definer because
  * profiles.role has no UPDATE grant for any API role.
 */
create or replace function private.admin_set_role(target_user uuid, new_role text)
    returns text
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    perform private.require_admin(admin_set_role.target_user,
                                  not_admin => 'Only administrators can change roles.',
                                  on_self => 'Administrators cannot change their own role.');

    if admin_set_role.new_role is null or admin_set_role.new_role not in ('user', 'admin') then
        raise exception 'The role must be user or admin.' using errcode = 'invalid_parameter_value';
    end if;

    update public.profiles set role = admin_set_role.new_role where id = admin_set_role.target_user;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
    return admin_set_role.new_role;
end;
$$;

revoke all on function private.admin_set_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function private.admin_set_role(uuid, text) to authenticated;

/**
  * The admin users list's role change: rpc('admin_set_role', { target_user, new_role }), returning
  * the role now stored; private.admin_set_role checks the caller and updates.
 */
create or replace function public.admin_set_role(target_user uuid, new_role text)
    returns text
    language sql
    security invoker
    set search_path = ''
as
$$
select private.admin_set_role(admin_set_role.target_user, admin_set_role.new_role);
$$;

revoke all on function public.admin_set_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_set_role(uuid, text) to authenticated;
