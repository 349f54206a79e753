// What the privilege tests read from the catalogue, on PGlite and on real PostgreSQL alike.

/**
 * An access list as a set: its entries sorted (a list's order is the order of its grants, which differs between a
 * project whose defaults granted first and one that grants by name, and means nothing); 'default' when it has none.
 */
const entries = (acl: string) =>
  `case when ${acl} is null then 'default' else ` +
  `'{' || coalesce((select string_agg(e::text, ',' order by e::text) from unnest(${acl}) e), '') || '}' end`;

/** Every access list in the schemas the migrations own: relations, columns, functions and the schemas themselves. */
export const accessLists = `
  select 'relation ' || c.oid::regclass::text as object, ${entries('c.relacl')} as acl
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'private')
  union all
  select 'column ' || a.attrelid::regclass::text || '.' || a.attname, ${entries('a.attacl')}
    from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'private') and a.attacl is not null
  union all
  select 'function ' || p.oid::regprocedure::text, ${entries('p.proacl')}
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
  union all
  select 'schema ' || n.nspname, ${entries('n.nspacl')}
    from pg_catalog.pg_namespace n where n.nspname in ('public', 'private')
  order by 1`;

/** The default privileges `postgres` has in `public` for the API roles. */
export const apiDefaults = `
  select d.defaclobjtype as kind, d.defaclacl::text as acl
    from pg_catalog.pg_default_acl d join pg_catalog.pg_namespace n on n.oid = d.defaclnamespace
    where n.nspname = 'public' and pg_catalog.pg_get_userbyid(d.defaclrole) = 'postgres'
    order by 1`;
