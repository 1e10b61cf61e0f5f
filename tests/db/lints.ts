// The lints of Supabase's database linter (github.com/supabase/splinter, lints/*.sql): the queries
// behind the dashboard's Security and Performance Advisors, ported to run on the migrated test
// database. Each query reads the catalog and returns one row (with a `detail`) per finding; a
// schema the Advisors show nothing for returns no row from any of them. The queries keep
// splinter's logic; what changes is that the exposed schemas are named here instead of being read
// from PostgREST's `pgrst.db_schemas` setting, and that only `detail` is selected.

/** The schemas the REST API exposes (supabase/config.toml `[api] schemas`). */
export const EXPOSED_SCHEMAS = ['public'];

// Schemas splinter never lints: Supabase's own and the extensions'.
const SUPABASE_SCHEMAS = [
  '_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal', 'auth', 'cron',
  'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq', 'pgroonga', 'pgsodium',
  'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'realtime', 'repack', 'storage', 'supabase_functions',
  'supabase_migrations', 'tiger', 'topology', 'vault',
];

const list = (names: string[]): string => names.map((name) => `'${name}'`).join(', ');
const EXPOSED = `(${list(EXPOSED_SCHEMAS)})`;
const IGNORED = `(${list(SUPABASE_SCHEMAS)})`;

// splinter's normalisation of a policy expression, and the spellings of an expression that is always true.
const normalized = (column: string): string =>
  `replace(replace(replace(lower(coalesce(${column}, '')), ' ', ''), E'\\n', ''), E'\\t', '')`;
const ALWAYS_TRUE = `('true', '(true)', '1=1', '(1=1)')`;

// The policies of every table, with their command spelled out (splinter's `policies` CTE).
const POLICIES = `
  select n.nspname as schema_name, c.relname as table_name, c.relrowsecurity as is_rls_active,
         p.polname as policy_name, p.polpermissive as is_permissive, p.polroles as role_oids,
         case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE'
                       when 'd' then 'DELETE' when '*' then 'ALL' end as command,
         pb.qual, pb.with_check
  from pg_catalog.pg_policy p
       join pg_catalog.pg_class c on p.polrelid = c.oid
       join pg_catalog.pg_namespace n on c.relnamespace = n.oid
       join pg_catalog.pg_policies pb
            on pb.schemaname = n.nspname and pb.tablename = c.relname and pb.policyname = p.polname
  where c.relkind = 'r'`;

/** One lint: splinter's name and level, and a query returning one `detail` row per finding. */
export interface Lint {
  id: string;
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  sql: string;
}

/** The lints that apply to a project of tables, policies and functions (no views, queues or storage here). */
export const LINTS: Lint[] = [
  {
    id: '0001',
    name: 'unindexed_foreign_keys',
    level: 'INFO',
    sql: `
      with foreign_keys as (
        select cl.relnamespace::regnamespace::text as schema_name, cl.relname as table_name, cl.oid as table_oid,
               ct.conname as fkey_name, ct.conkey as col_attnums
        from pg_catalog.pg_constraint ct
             join pg_catalog.pg_class cl on ct.conrelid = cl.oid
             left join pg_catalog.pg_depend d on d.objid = cl.oid and d.deptype = 'e'
        where ct.contype = 'f' and d.objid is null
      ), index_ as (
        select pi.indrelid as table_oid, indexrelid::regclass as index_,
               string_to_array(indkey::text, ' ')::smallint[] as col_attnums
        from pg_catalog.pg_index pi
        where indisvalid
      )
      select format('Table %s.%s has a foreign key %s without a covering index', fk.schema_name, fk.table_name, fk.fkey_name) as detail
      from foreign_keys fk
           left join index_ idx
                on fk.table_oid = idx.table_oid
               and fk.col_attnums = idx.col_attnums[1:array_length(fk.col_attnums, 1)]
      where idx.index_ is null and fk.schema_name not in ${IGNORED}`,
  },
  {
    id: '0003',
    name: 'auth_rls_initplan',
    level: 'WARN',
    sql: `
      select format('Table %s.%s: policy %s re-evaluates auth.<function>() or current_setting() for each row',
                    schema_name, table_name, policy_name) as detail
      from (${POLICIES}) policies
      where is_rls_active
        and schema_name not in ${IGNORED}
        and (${['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()']
          .flatMap((fn) => [
            `(qual like '%${fn}%' and lower(qual) not like '%select ${fn}%')`,
            `(with_check like '%${fn}%' and lower(with_check) not like '%select ${fn}%')`,
          ])
          .concat([
            `(qual like '%current\\_setting(%)%' and lower(qual) not like '%select current\\_setting(%)%')`,
            `(with_check like '%current\\_setting(%)%' and lower(with_check) not like '%select current\\_setting(%)%')`,
          ])
          .join(' or ')})`,
  },
  {
    id: '0004',
    name: 'no_primary_key',
    level: 'INFO',
    sql: `
      select format('Table %s.%s does not have a primary key', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on n.oid = c.relnamespace
           left join pg_catalog.pg_index i on i.indrelid = c.oid
           left join pg_catalog.pg_depend dep on c.oid = dep.objid and dep.deptype = 'e'
      where c.relkind = 'r' and n.nspname not in ${IGNORED} and dep.objid is null
      group by c.oid, n.nspname, c.relname
      having max(coalesce(i.indisprimary, false)::int) = 0`,
  },
  {
    id: '0006',
    name: 'multiple_permissive_policies',
    level: 'WARN',
    sql: `
      select format('Table %s.%s has multiple permissive policies for role %s for action %s: %s',
                    n.nspname, c.relname, r.rolname, act.cmd, array_agg(p.polname order by p.polname)) as detail
      from pg_catalog.pg_policy p
           join pg_catalog.pg_class c on p.polrelid = c.oid
           join pg_catalog.pg_namespace n on c.relnamespace = n.oid
           join pg_catalog.pg_roles r on p.polroles @> array [r.oid] or p.polroles = array [0::oid]
           left join pg_catalog.pg_depend dep on c.oid = dep.objid and dep.deptype = 'e',
           lateral unnest(case p.polcmd
                              when 'r' then array ['SELECT'] when 'a' then array ['INSERT']
                              when 'w' then array ['UPDATE'] when 'd' then array ['DELETE']
                              when '*' then array ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) act(cmd)
      where c.relkind = 'r' and p.polpermissive and n.nspname not in ${IGNORED}
        and r.rolname not like 'pg_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
        and dep.objid is null
      group by n.nspname, c.relname, r.rolname, act.cmd
      having count(1) > 1`,
  },
  {
    id: '0007',
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    sql: `
      select format('Table %s.%s has policies but row-level security is disabled', n.nspname, c.relname) as detail
      from pg_catalog.pg_policy p
           join pg_catalog.pg_class c on p.polrelid = c.oid
           join pg_catalog.pg_namespace n on c.relnamespace = n.oid
      where c.relkind = 'r' and n.nspname not in ${IGNORED} and not c.relrowsecurity
      group by n.nspname, c.relname`,
  },
  {
    id: '0008',
    name: 'rls_enabled_no_policy',
    level: 'INFO',
    sql: `
      select format('Table %s.%s has row-level security enabled but no policy', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on c.relnamespace = n.oid
      where c.relkind = 'r' and n.nspname not in ${IGNORED} and c.relrowsecurity
        and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)`,
  },
  {
    id: '0009',
    name: 'duplicate_index',
    level: 'WARN',
    sql: `
      select format('Table %s.%s has identical indexes %s', n.nspname, c.relname,
                    array_agg(pi.indexname order by pi.indexname)) as detail
      from pg_catalog.pg_indexes pi
           join pg_catalog.pg_namespace n on n.nspname = pi.schemaname
           join pg_catalog.pg_class c on pi.tablename = c.relname and n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname not in ${IGNORED}
      group by n.nspname, c.relname, replace(pi.indexdef, pi.indexname, '')
      having count(*) > 1`,
  },
  {
    id: '0010',
    name: 'security_definer_view',
    level: 'ERROR',
    sql: `
      select format('View %s.%s is defined with the SECURITY DEFINER property', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and n.nspname in ${EXPOSED}
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT')
             or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
        and not (lower(coalesce(c.reloptions::text, '{}'))::text[]
                 && array ['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])`,
  },
  {
    id: '0011',
    name: 'function_search_path_mutable',
    level: 'WARN',
    sql: `
      select format('Function %s.%s has a role mutable search_path', n.nspname, p.proname) as detail
      from pg_catalog.pg_proc p
           join pg_catalog.pg_namespace n on p.pronamespace = n.oid
           left join pg_catalog.pg_depend dep on p.oid = dep.objid and dep.deptype = 'e'
      where n.nspname not in ${IGNORED} and dep.objid is null
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as config where config like 'search_path=%')`,
  },
  {
    id: '0013',
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    sql: `
      select format('Table %s.%s is public, but row-level security has not been enabled', n.nspname, c.relname) as detail
      from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on c.relnamespace = n.oid
      where c.relkind = 'r' and not c.relrowsecurity
        and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT')
             or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))
        and n.nspname in ${EXPOSED}`,
  },
  {
    id: '0014',
    name: 'extension_in_public',
    level: 'WARN',
    sql: `
      select format('Extension %s is installed in the public schema', extname) as detail
      from pg_catalog.pg_extension
      where extname not in ('plpgsql') and extnamespace::regnamespace::text = 'public'`,
  },
  {
    id: '0015',
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    sql: `
      select format('Table %s.%s: policy %s references user_metadata, which users edit', schema_name, table_name, policy_name) as detail
      from (${POLICIES}) policies
      where schema_name not in ${IGNORED}
        and (qual like '%auth.jwt()%user_metadata%'
             or qual like '%current_setting(%request.jwt.claims%)%user_metadata%'
             or with_check like '%auth.jwt()%user_metadata%'
             or with_check like '%current_setting(%request.jwt.claims%)%user_metadata%')`,
  },
  {
    id: '0021',
    name: 'fkey_to_auth_unique',
    level: 'ERROR',
    sql: `
      select format('Table %s.%s has a foreign key %s referencing an auth unique constraint', n.nspname, c_rel.relname, c.conname) as detail
      from pg_catalog.pg_constraint c
           join pg_catalog.pg_class c_rel on c.conrelid = c_rel.oid
           join pg_catalog.pg_namespace n on c_rel.relnamespace = n.oid
           join pg_catalog.pg_class ref_rel on c.confrelid = ref_rel.oid
           join pg_catalog.pg_namespace cn on ref_rel.relnamespace = cn.oid
           join pg_catalog.pg_index i on c.conindid = i.indexrelid
      where c.contype = 'f' and cn.nspname = 'auth' and i.indisunique and not i.indisprimary`,
  },
  {
    id: '0024',
    name: 'rls_policy_always_true',
    level: 'WARN',
    sql: `
      select format('Table %s.%s has a policy %s for %s that allows unrestricted access', schema_name, table_name, policy_name, command) as detail
      from (${POLICIES}) policies
      where is_rls_active and is_permissive and schema_name not in ${IGNORED}
        and (role_oids = array [0::oid]
             or exists (select 1 from unnest(role_oids) r where r::regrole::text in ('anon', 'authenticated')))
        and ((command in ('UPDATE', 'DELETE', 'ALL')
              and (${normalized('qual')} in ${ALWAYS_TRUE} or qual is null))
             or ${normalized('with_check')} in ${ALWAYS_TRUE}
             or (with_check is null and command = 'INSERT')
             or (with_check is null and command in ('UPDATE', 'ALL') and ${normalized('qual')} in ${ALWAYS_TRUE}))`,
  },
  ...(['anon', 'authenticated'] as const).map((role) => ({
    id: role === 'anon' ? '0028' : '0029',
    name: `${role}_security_definer_function_executable`,
    level: 'WARN' as const,
    sql: `
      select format('Function %s.%s(%s) can be executed by the ${role} role as a SECURITY DEFINER function',
                    n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as detail
      from pg_catalog.pg_proc p
           join pg_catalog.pg_namespace n on p.pronamespace = n.oid
      where p.prosecdef and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')
        and n.nspname in ${EXPOSED}`,
  })),
];
