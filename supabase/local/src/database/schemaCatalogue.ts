// What the migrations make, read back from the database's catalogue as one normalised document, so that two
// databases (or two sets of migrations) can be compared for the schema they give: types, tables and their columns,
// defaults, constraints and indexes, views, functions with their bodies and settings, policies, triggers, the
// Realtime publication's tables, and the rows the migrations themselves insert. Privileges are left out on purpose:
// they are the privilege matrix's business (supabase/tests/database/06_privilege_matrix.test.sql).
//
// Normalised: every list is sorted and names are schema-qualified. Comments are documentation, not schema, so they
// are left out (`comment on` texts, and the `--` comments and spacing of function bodies): a baseline may say what is
// true now where the chain it replaced said what had changed. The schedules pg_cron would run are read from the migrations' text (the
// databases here have no pg_cron), as the calls to cron.schedule they contain.
import type { PGlite } from '@electric-sql/pglite';

/** The schemas the migrations own; auth, extensions and the bootstrap's roles are the platform's. */
export const CATALOGUED_SCHEMAS = ['public', 'private'] as const;

export interface SchemaCatalogue {
  schemas: string[];
  types: unknown[];
  relations: unknown[];
  columns: unknown[];
  constraints: unknown[];
  indexes: unknown[];
  views: unknown[];
  functions: unknown[];
  policies: unknown[];
  triggers: unknown[];
  publications: unknown[];
  rowsInserted: unknown[];
  schedules: unknown[];
}

/** Anything that answers a query with rows, PGlite or a node-postgres client. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

const schemaList = `array['public', 'private']::name[]`;

const queries: Record<Exclude<keyof SchemaCatalogue, 'schedules' | 'rowsInserted'>, string> = {
  schemas: `
    select n.nspname as name from pg_catalog.pg_namespace n
    where n.nspname = any (${schemaList}) order by 1`,
  types: `
    select n.nspname || '.' || t.typname as name, t.typtype as kind,
      array(select e.enumlabel::text from pg_catalog.pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)
        as labels
    from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname = any (${schemaList}) and t.typtype in ('e', 'd')
    order by 1`,
  relations: `
    select n.nspname || '.' || c.relname as name, c.relkind as kind, c.relrowsecurity as row_security,
      c.relforcerowsecurity as forced_row_security, c.relreplident as replica_identity,
      coalesce(c.reloptions, '{}') as options
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList}) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    order by 1`,
  columns: `
    select n.nspname || '.' || c.relname as relation,
      row_number() over (partition by c.oid order by a.attnum)::int as position,
      a.attname as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
      pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default_value, a.attidentity as identity,
      a.attgenerated as generated
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = any (${schemaList}) and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0
      and not a.attisdropped
    order by 1, 2`,
  constraints: `
    select n.nspname || '.' || c.relname as relation, k.conname as name, k.contype as kind,
      pg_catalog.pg_get_constraintdef(k.oid) as definition
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_class c on c.oid = k.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList})
    order by 1, 2`,
  indexes: `
    select n.nspname || '.' || c.relname as name, pg_catalog.pg_get_indexdef(i.indexrelid) as definition
    from pg_catalog.pg_index i
    join pg_catalog.pg_class c on c.oid = i.indexrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList})
    order by 1`,
  views: `
    select n.nspname || '.' || c.relname as name, pg_catalog.pg_get_viewdef(c.oid, true) as definition
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList}) and c.relkind in ('v', 'm')
    order by 1`,
  functions: `
    select n.nspname || '.' || p.proname || '(' || pg_catalog.pg_get_function_identity_arguments(p.oid) || ')'
        as name,
      pg_catalog.pg_get_function_arguments(p.oid) as arguments, pg_catalog.pg_get_function_result(p.oid) as result,
      l.lanname as language, p.prokind as kind, p.provolatile as volatility, p.prosecdef as security_definer,
      p.proisstrict as strict, p.proleakproof as leakproof, p.proparallel as parallel,
      coalesce(p.proconfig, '{}') as settings, p.prosrc as body
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    join pg_catalog.pg_language l on l.oid = p.prolang
    where n.nspname = any (${schemaList})
    order by 1`,
  policies: `
    select p.schemaname || '.' || p.tablename as relation, p.policyname as name, p.permissive, p.roles::text[] as roles,
      p.cmd as command, p.qual as using_expression, p.with_check as check_expression
    from pg_catalog.pg_policies p
    where p.schemaname = any (${schemaList})
    order by 1, 2`,
  triggers: `
    select n.nspname || '.' || c.relname as relation, t.tgname as name,
      pg_catalog.pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled
    from pg_catalog.pg_trigger t
    join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList}) and not t.tgisinternal
    order by 1, 2`,
  publications: `
    select p.pubname as publication, p.schemaname || '.' || p.tablename as relation
    from pg_catalog.pg_publication_tables p
    order by 1, 2`,
};

/** A function body without its comments and with its spacing collapsed: what it does, not how it is laid out. */
export function normaliseBody(body: string): string {
  return body
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every cron.schedule('name', 'schedule', 'command') call in the given SQL sources, in order of name. */
export function scheduledJobs(
  sources: readonly string[],
): { name: string; schedule: string; command: string }[] {
  const jobs: { name: string; schedule: string; command: string }[] = [];
  const call = /cron\.schedule\(\s*'([^']*)'\s*,\s*'([^']*)'\s*,\s*'((?:[^']|'')*)'\s*\)/g;
  for (const sql of sources) {
    const withoutComments = sql
      .split('\n')
      .map((line) => line.replace(/--.*$/, ''))
      .join('\n');
    for (const match of withoutComments.matchAll(call)) {
      jobs.push({ name: match[1] as string, schedule: match[2] as string, command: match[3] as string });
    }
  }
  return jobs.sort((a, b) => a.name.localeCompare(b.name));
}

async function rowsOf(db: Queryable, sql: string): Promise<unknown[]> {
  return (await db.query<Record<string, unknown>>(sql)).rows.map((row) => ({ ...row }));
}

/** How many rows each table holds right after the migrations (the rows they insert themselves). */
async function rowsInserted(db: Queryable): Promise<unknown[]> {
  const tables = await db.query<{ name: string }>(`
    select pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname) as name
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any (${schemaList}) and c.relkind in ('r', 'p')
    order by 1`);
  const counts: unknown[] = [];
  for (const { name } of tables.rows) {
    const result = await db.query<{ rows: number }>(`select count(*)::int as rows from ${name}`);
    counts.push({ relation: name, rows: result.rows[0]?.rows ?? 0 });
  }
  return counts;
}

/** The catalogue of a migrated database; `migrationSources` are the migrations' SQL, for the schedules. */
export async function readSchemaCatalogue(
  db: Queryable | PGlite,
  migrationSources: readonly string[],
): Promise<SchemaCatalogue> {
  const queryable = db as Queryable;
  const catalogue = {} as SchemaCatalogue;
  for (const [section, sql] of Object.entries(queries)) {
    (catalogue as unknown as Record<string, unknown[]>)[section] = await rowsOf(queryable, sql);
  }
  catalogue.schemas = (catalogue.schemas as unknown as { name: string }[]).map((row) => row.name);
  catalogue.functions = (catalogue.functions as { body: string }[]).map((row) => ({
    ...row,
    body: normaliseBody(row.body),
  }));
  catalogue.rowsInserted = await rowsInserted(queryable);
  catalogue.schedules = scheduledJobs(migrationSources);
  return catalogue;
}
