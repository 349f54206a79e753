// What PostgREST calls its schema cache: the tables, views and functions of the exposed schema, read from the
// catalogue. Every identifier that reaches SQL is one of these names; request text never becomes SQL.
import type { PGlite } from '@electric-sql/pglite';

export const exposedSchema = 'public';

export interface ColumnInfo {
  name: string;
  /** SQL type as format_type() prints it: text, text[], course_platform, timestamp with time zone ... */
  sqlType: string;
  /** pg_type.typname, as Realtime reports types: text, _text, int2, timestamptz, course_platform ... */
  typeName: string;
  /** Base type category (pg_type.typcategory of the element for arrays): S string, N numeric, A array ... */
  category: string;
}

export interface RelationInfo {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
  /** REPLICA IDENTITY FULL: Realtime sends whole old rows (the key only when row-level security is on). */
  replicaIdentityFull: boolean;
  /** Row-level security is enabled on the table. */
  rowLevelSecurity: boolean;
}

export interface FunctionArgument {
  name: string;
  sqlType: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  arguments: FunctionArgument[];
  returnsSet: boolean;
  returnType: string;
  /** 'composite' (a table row or record with columns), 'scalar' or 'void'. */
  returnKind: 'composite' | 'scalar' | 'void';
  /** Result columns when returnKind is composite. */
  columns: Map<string, ColumnInfo>;
}

interface ColumnRow {
  relation: string;
  relkind: string;
  relreplident: string;
  relrowsecurity: boolean;
  column: string;
  sql_type: string;
  type_name: string;
  category: string;
}

interface KeyRow {
  relation: string;
  columns: string[];
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  all_arg_types: string[];
  in_arg_types: string[];
  arg_defaults: number;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_relid: number;
  out_columns: { name: string; sql_type: string; type_name: string; category: string }[] | null;
}

const columnsQuery = `
  select c.relname as relation, c.relkind::text as relkind, c.relreplident::text as relreplident,
         c.relrowsecurity,
         a.attname as column, pg_catalog.format_type(a.atttypid, a.atttypmod) as sql_type,
         t.typname as type_name,
         coalesce(e.typcategory, t.typcategory)::text as category
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
  order by c.relname, a.attnum`;

const keysQuery = `
  select c.relname as relation,
         array(select a.attname from pg_catalog.unnest(i.indkey) with ordinality k(attnum, ord)
               join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.ord)::text[] as columns
  from pg_catalog.pg_index i
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and i.indisprimary`;

const functionsQuery = `
  select p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
         array(select pg_catalog.format_type(x, null) from pg_catalog.unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x)::text[] as all_arg_types,
         array(select pg_catalog.format_type(x, null) from pg_catalog.unnest(p.proargtypes::oid[]) x)::text[] as in_arg_types,
         p.pronargdefaults::int as arg_defaults, p.proretset as returns_set,
         pg_catalog.format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
         rt.typrelid::int as return_relid,
         (select pg_catalog.json_agg(pg_catalog.json_build_object(
                   'name', a.attname, 'sql_type', pg_catalog.format_type(a.atttypid, a.atttypmod),
                   'type_name', t.typname, 'category', t.typcategory) order by a.attnum)
            from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
           where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) as out_columns
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  where n.nspname = $1 and p.prokind = 'f'`;

const typeDetailsQuery = `
  select pg_catalog.format_type(t.oid, null) as sql_type, t.typname as type_name,
         coalesce(e.typcategory, t.typcategory)::text as category
  from pg_catalog.pg_type t
  left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
  where pg_catalog.format_type(t.oid, null) = any($1::text[])`;

export class SchemaCache {
  relations = new Map<string, RelationInfo>();
  functions = new Map<string, FunctionInfo[]>();
  private loadedAt = 0;

  constructor(private readonly db: () => PGlite) {}

  async load(): Promise<void> {
    const db = this.db();
    const relations = new Map<string, RelationInfo>();
    const columns = await db.query<ColumnRow>(columnsQuery, [exposedSchema]);
    for (const row of columns.rows) {
      let relation = relations.get(row.relation);
      if (!relation) {
        relation = {
          name: row.relation,
          kind: row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
          columns: new Map(),
          primaryKey: [],
          replicaIdentityFull: row.relreplident === 'f',
          rowLevelSecurity: row.relrowsecurity,
        };
        relations.set(row.relation, relation);
      }
      relation.columns.set(row.column, {
        name: row.column,
        sqlType: row.sql_type,
        typeName: row.type_name,
        category: row.category,
      });
    }
    const keys = await db.query<KeyRow>(keysQuery, [exposedSchema]);
    for (const row of keys.rows) {
      const relation = relations.get(row.relation);
      if (relation) relation.primaryKey = row.columns;
    }

    const functions = new Map<string, FunctionInfo[]>();
    const functionRows = (await db.query<FunctionRow>(functionsQuery, [exposedSchema])).rows;
    const outTypes = new Set<string>();
    for (const row of functionRows) {
      row.arg_modes?.forEach((mode, i) => {
        if (mode === 't' || mode === 'o' || mode === 'b') outTypes.add(row.all_arg_types[i] ?? '');
      });
    }
    const typeDetails = new Map<string, { type_name: string; category: string }>();
    if (outTypes.size > 0) {
      const details = await db.query<{ sql_type: string; type_name: string; category: string }>(
        typeDetailsQuery,
        [[...outTypes]],
      );
      for (const row of details.rows) typeDetails.set(row.sql_type, row);
    }
    for (const row of functionRows)
      functions.set(row.name, [...(functions.get(row.name) ?? []), describeFunction(row, typeDetails)]);

    this.relations = relations;
    this.functions = functions;
    this.loadedAt = Date.now();
  }

  /** Reloads when a name is missing, at most once a second (a migration may have run since). */
  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.loadedAt > 1000) await this.load();
  }
}

function describeFunction(
  row: FunctionRow,
  typeDetails: Map<string, { type_name: string; category: string }>,
): FunctionInfo {
  const args: FunctionArgument[] = [];
  const outColumns = new Map<string, ColumnInfo>();
  const modes = row.arg_modes ?? row.all_arg_types.map(() => 'i');
  const names = row.arg_names ?? [];
  modes.forEach((mode, i) => {
    const name = names[i] ?? '';
    const sqlType = row.all_arg_types[i] ?? 'text';
    if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, sqlType, hasDefault: false });
    if (mode === 't' || mode === 'o' || mode === 'b') {
      const detail = typeDetails.get(sqlType);
      outColumns.set(name, {
        name,
        sqlType,
        typeName: detail?.type_name ?? sqlType,
        category: detail?.category ?? 'S',
      });
    }
  });
  // pronargdefaults counts the trailing input arguments that have defaults.
  for (let i = args.length - row.arg_defaults; i < args.length; i += 1) {
    const arg = args[i];
    if (arg) arg.hasDefault = true;
  }
  let returnKind: FunctionInfo['returnKind'] = 'scalar';
  let columns = outColumns;
  if (row.return_type === 'void') returnKind = 'void';
  else if (outColumns.size > 0) returnKind = 'composite';
  else if (row.return_typtype === 'c' && row.return_relid !== 0) {
    returnKind = 'composite';
    columns = new Map(
      (row.out_columns ?? []).map((c) => [
        c.name,
        { name: c.name, sqlType: c.sql_type, typeName: c.type_name, category: c.category },
      ]),
    );
  }
  return {
    name: row.name,
    arguments: args,
    returnsSet: row.returns_set,
    returnType: row.return_type,
    returnKind,
    columns,
  };
}
