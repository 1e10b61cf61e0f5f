/**
  * -------------------------------------------------------
  * Admin user management
  * -------------------------------------------------------
  * Deleting a user from the admin dashboard removes the auth account itself, not only the
  * profile: the profile, identities, sessions and refresh tokens cascade, and the user's visa
  * applications stay with user_id cleared (PRODUCT.md).
 */

/**
  * -------------------------------------------------------
  * Section - Public functions
  * -------------------------------------------------------
 */

/**
  * Deletes the auth account user_id: call as rpc('admin_delete_user', { user_id }). Only admins may
  * call it (SQLSTATE 42501 otherwise), an admin cannot delete their own account this way (that
  * would lock the last admin out), and an unknown id raises PT404 (PostgREST answers HTTP 404).
 */
create or replace function public.admin_delete_user(user_id uuid)
    returns void
    language plpgsql
    security definer
    set search_path = ''
as
$$
begin
    if not private.is_admin() then
        raise exception 'Only administrators can delete users.' using errcode = 'insufficient_privilege';
    end if;

    if admin_delete_user.user_id = (select auth.uid()) then
        raise exception 'Administrators cannot delete their own account.' using errcode = 'P0001';
    end if;

    delete from auth.users where id = admin_delete_user.user_id;
    if not found then
        raise exception 'User not found.' using errcode = 'PT404';
    end if;
end;
$$;

revoke all on function public.admin_delete_user(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_delete_user(uuid) to authenticated;
