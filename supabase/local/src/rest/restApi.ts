// /rest/v1: the PostgREST subset that supabase-js uses. Reads (GET/HEAD) with select, filters, order, limit/offset,
// exact counts and single objects; inserts and upserts (POST), updates (PATCH), deletes (DELETE); functions (rpc/).
// Every request runs in its own transaction as the token's role, so row-level security decides what it sees.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { inRequestTransaction, type RequestContext } from '../database/requestTransaction.ts';
import { ApiError, parseError, toApiError, unknownRelation } from './apiError.ts';
import { parsePreferences, type Preferences } from './preferences.ts';
import {
  parseConditions,
  parseOrder,
  parseSelect,
  splitTopLevel,
  unquote,
  type Condition,
  type SelectItem,
} from './queryGrammar.ts';
import { type FunctionInfo, type RelationInfo, SchemaCache, exposedSchema } from './schemaCache.ts';
import { Params, orderClause, quoteIdent, selectList, whereClause, type Source } from './sqlBuilder.ts';

export interface ApiRequest {
  method: string;
  /** Path below /rest/v1/, e.g. "projects" or "rpc/search_videos". */
  path: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  context: RequestContext;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const jsonType = 'application/json; charset=utf-8';
const objectType = 'application/vnd.pgrst.object+json; charset=utf-8';

interface Negotiated {
  single: boolean;
  stripNulls: boolean;
}

function negotiate(accept: string | undefined): Negotiated {
  if (accept === undefined || accept.trim() === '') return { single: false, stripNulls: false };
  for (const raw of accept.split(',')) {
    const [type = '', ...parameters] = raw.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { single: true, stripNulls };
    if (['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'].includes(type)) {
      return { single: false, stripNulls };
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function nonNegativeInteger(value: string | null, name: string): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value)) throw parseError(`failed to parse ${name} (${value})`);
  return Number(value);
}

interface Page {
  offset: number;
  limit?: number;
}

/** The page asked for by limit/offset, or else by a Range header (which PostgREST reads on GET and HEAD only). */
function pageOf(method: string, url: URL, headers: Record<string, string>): Page {
  const limit = nonNegativeInteger(url.searchParams.get('limit'), 'limit');
  const offset = nonNegativeInteger(url.searchParams.get('offset'), 'offset');
  if (limit !== undefined || offset !== undefined)
    return { offset: offset ?? 0, ...(limit !== undefined && { limit }) };
  const range = /^(?:items=)?(\d+)-(\d*)$/.exec(headers.range ?? '');
  if (range && (method === 'GET' || method === 'HEAD')) {
    const from = Number(range[1]);
    const to = range[2] === '' ? undefined : Number(range[2]);
    if (to !== undefined && to < from)
      throw new ApiError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    return { offset: from, ...(to !== undefined && { limit: to - from + 1 }) };
  }
  return { offset: 0 };
}

/** PostgREST's Content-Range: first-last/total, with * for unknown parts. */
function contentRange(offset: number, rows: number, total: number | null): string {
  const span = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${span}/${total ?? '*'}`;
}

function singleObject(body: string, rows: number): string {
  if (rows !== 1) {
    throw new ApiError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows} rows`,
    );
  }
  return JSON.stringify((JSON.parse(body) as unknown[])[0]);
}

function parseJsonBody(body: Buffer): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function appliedHeader(preferences: Preferences): Record<string, string> {
  return preferences.applied.length > 0 ? { 'Preference-Applied': preferences.applied.join(', ') } : {};
}

export interface RestApiOptions {
  db: () => PGlite;
  schema: SchemaCache;
  /** Supabase's default cap on rows per response ([api] max_rows). */
  maxRows: number;
}

export class RestApi {
  constructor(private readonly options: RestApiOptions) {}

  async handle(request: ApiRequest): Promise<ApiResponse> {
    const isAnonymous = request.context.identity.role === 'anon';
    try {
      const profile = request.headers['accept-profile'] ?? request.headers['content-profile'];
      if (profile !== undefined && profile !== exposedSchema) {
        throw new ApiError(
          406,
          'PGRST106',
          `The schema must be one of the following: ${exposedSchema}`,
          null,
          null,
        );
      }
      if (request.path === '' || request.path === '/') return await this.describe();
      if (request.path.startsWith('rpc/'))
        return await this.rpc(request, decodeURIComponent(request.path.slice(4)));
      const relation = await this.relation(decodeURIComponent(request.path));
      switch (request.method) {
        case 'GET':
        case 'HEAD':
          return await this.read(request, relation);
        case 'POST':
          return await this.insert(request, relation);
        case 'PATCH':
          return await this.update(request, relation);
        case 'DELETE':
          return await this.remove(request, relation);
        default:
          throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
      }
    } catch (error) {
      const apiError = toApiError(error, isAnonymous);
      return {
        status: apiError.status,
        headers: { 'Content-Type': jsonType, ...apiError.headers },
        ...(request.method !== 'HEAD' && { body: JSON.stringify(apiError.body()) }),
      };
    }
  }

  private db(): PGlite {
    return this.options.db();
  }

  private async relation(name: string): Promise<RelationInfo> {
    let relation = this.options.schema.relations.get(name);
    if (!relation) {
      await this.options.schema.refreshIfStale();
      relation = this.options.schema.relations.get(name);
    }
    if (!relation) throw unknownRelation(name, [...this.options.schema.relations.keys()]);
    return relation;
  }

  private source(relation: RelationInfo): Source {
    return {
      name: relation.name,
      sql: `${exposedSchema}.${quoteIdent(relation.name)}`,
      columns: relation.columns,
    };
  }

  private async describe(): Promise<ApiResponse> {
    const body = {
      description: 'Local Supabase stand-in: the PostgREST subset used by supabase-js.',
      tables: [...this.options.schema.relations.keys()].sort(),
      functions: [...this.options.schema.functions.keys()].sort(),
    };
    return { status: 200, headers: { 'Content-Type': jsonType }, body: JSON.stringify(body) };
  }

  /** A SELECT over a source (a table, or a function's materialised result), with the response around it. */
  private async readSource(
    tx: Transaction,
    request: ApiRequest,
    source: Source,
    options: { prelude?: string; params?: Params; skip?: Set<string> } = {},
  ): Promise<ApiResponse> {
    const negotiated = negotiate(request.headers.accept);
    const preferences = parsePreferences(request.headers.prefer);
    const params = options.params ?? new Params();
    const items: SelectItem[] = parseSelect(request.url.searchParams.get('select'));
    const conditions: Condition[] = parseConditions(request.url.searchParams, options.skip);
    const order = parseOrder(request.url.searchParams.get('order') ?? '');
    const page = pageOf(request.method, request.url, request.headers);
    const limit = Math.min(page.limit ?? this.options.maxRows, this.options.maxRows);

    const where = whereClause(source, conditions, params);
    const columns = selectList(source, items);
    const aggregate = negotiated.stripNulls ? 'pg_catalog.json_strip_nulls' : '';
    const total =
      preferences.count === 'exact'
        ? `(select pg_catalog.count(*) from ${source.sql} as _t ${where})::int`
        : 'null::int';
    const sql = `${options.prelude ?? 'with'} pgrst_page as (
        select ${columns} from ${source.sql} as _t ${where} ${orderClause(source, order)}
        limit ${limit} offset ${page.offset})
      select ${total} as total, pg_catalog.count(*)::int as page_total,
             ${aggregate}(coalesce(pg_catalog.json_agg(_p), '[]'))::text as body
      from pgrst_page as _p`;
    const result = await tx.query<{ total: number | null; page_total: number; body: string }>(
      sql,
      params.values,
    );
    const row = result.rows[0] ?? { total: null, page_total: 0, body: '[]' };

    let status = 200;
    if (row.total !== null) {
      if (page.offset > row.total && !(page.offset === 0 && row.total === 0)) {
        throw new ApiError(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          `An offset of ${page.offset} was requested, but there are only ${row.total} rows.`,
          null,
          { 'Content-Range': contentRange(page.offset, 0, row.total), ...appliedHeader(preferences) },
        );
      }
      if (row.page_total < row.total) status = 206;
    }
    const headers: Record<string, string> = {
      'Content-Type': negotiated.single ? objectType : jsonType,
      'Content-Range': contentRange(page.offset, row.page_total, row.total),
      ...appliedHeader(preferences),
    };
    if (negotiated.single) {
      const body = singleObject(row.body, row.page_total);
      return { status: 200, headers, ...(request.method !== 'HEAD' && { body }) };
    }
    return { status, headers, ...(request.method !== 'HEAD' && { body: row.body }) };
  }

  private async read(request: ApiRequest, relation: RelationInfo): Promise<ApiResponse> {
    return inRequestTransaction(this.db(), request.context, (tx) =>
      this.readSource(tx, request, this.source(relation)),
    );
  }

  private insertColumns(
    request: ApiRequest,
    relation: RelationInfo,
    rows: Record<string, unknown>[],
  ): string[] {
    const given = request.url.searchParams.get('columns');
    const names =
      given !== null
        ? splitTopLevel(given).map((name) => unquote(name.trim()))
        : [...new Set(rows.flatMap((row) => Object.keys(row)))];
    for (const name of names) {
      if (!relation.columns.has(name)) {
        throw new ApiError(
          400,
          'PGRST204',
          `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
        );
      }
    }
    return names;
  }

  private conflictColumns(request: ApiRequest, relation: RelationInfo): string[] {
    const given = request.url.searchParams.get('on_conflict');
    const names =
      given !== null ? splitTopLevel(given).map((name) => unquote(name.trim())) : relation.primaryKey;
    for (const name of names) {
      if (!relation.columns.has(name))
        throw new ApiError(400, '42703', `column ${relation.name}.${name} does not exist`);
    }
    if (names.length === 0) throw parseError(`${relation.name} has no primary key: give on_conflict`);
    return names;
  }

  /** Runs a mutation and shapes its answer: 201/200 with rows for return=representation, else no body. */
  private async mutate(
    request: ApiRequest,
    relation: RelationInfo,
    kind: 'insert' | 'update' | 'delete',
    statements: (returning: string) => { sql: string; params: Params }[],
  ): Promise<ApiResponse> {
    const negotiated = negotiate(request.headers.accept);
    const preferences = parsePreferences(request.headers.prefer);
    const representation = preferences.return === 'representation';
    const source = this.source(relation);
    const returning = representation
      ? selectList(source, parseSelect(request.url.searchParams.get('select')))
      : '';
    const outcome = await inRequestTransaction(
      this.db(),
      request.context,
      async (tx) => {
        let affected = 0;
        let inserted = 0;
        const bodies: unknown[] = [];
        // A row whose xmax is 0 was inserted, not updated by an upsert (PostgREST counts them the same way).
        const row = representation
          ? `(select pg_catalog.row_to_json(_r) from (select ${returning}) as _r)`
          : 'null::json';
        for (const statement of statements(returning)) {
          const result = await tx.query<{ rows: number; inserted: number; body: string }>(
            `with pgrst_source as (
               ${statement.sql} returning (_t.xmax::text = '0') as pgrst_inserted, ${row} as pgrst_row)
             select pg_catalog.count(*)::int as rows,
                    (pg_catalog.count(*) filter (where pgrst_inserted))::int as inserted,
                    coalesce(pg_catalog.json_agg(pgrst_row), '[]')::text as body
             from pgrst_source`,
            statement.params.values,
          );
          const counted = result.rows[0] ?? { rows: 0, inserted: 0, body: '[]' };
          affected += counted.rows;
          inserted += counted.inserted;
          if (representation) bodies.push(...(JSON.parse(counted.body) as unknown[]));
        }
        if (
          preferences.strict &&
          preferences.maxAffected !== undefined &&
          affected > preferences.maxAffected
        ) {
          throw new ApiError(
            400,
            'PGRST124',
            'Query result exceeds max-affected preference constraint',
            `The query affects ${affected} rows`,
          );
        }
        // single() on a mutation: anything but one row is an error, and nothing is kept.
        if (negotiated.single && representation && affected !== 1) singleObject('[]', affected);
        return { affected, inserted, bodies };
      },
      { rollback: preferences.rollback },
    );
    // PostgREST gives the rows an update touched as a range; an insert or a delete gets none, only the count when one
    // was asked for.
    const total = preferences.count ? outcome.affected : '*';
    const headers: Record<string, string> = {
      'Content-Range':
        kind === 'update' && outcome.affected > 0 ? `0-${outcome.affected - 1}/${total}` : `*/${total}`,
      ...appliedHeader(preferences),
    };
    // An upsert that merged into existing rows only, inserting none, is 200, as PostgREST answers it.
    const status =
      kind !== 'insert' || (preferences.resolution === 'merge-duplicates' && outcome.inserted === 0)
        ? 200
        : 201;
    if (!representation) return { status: kind === 'insert' ? status : 204, headers };
    const body = negotiated.single ? JSON.stringify(outcome.bodies[0]) : JSON.stringify(outcome.bodies);
    return {
      status,
      headers: { ...headers, 'Content-Type': negotiated.single ? objectType : jsonType },
      body,
    };
  }

  private async insert(request: ApiRequest, relation: RelationInfo): Promise<ApiResponse> {
    const parsed = parseJsonBody(request.body);
    const rows = parsed === undefined ? [] : Array.isArray(parsed) ? parsed : [parsed];
    if (parsed === undefined || !rows.every(isPlainObject)) {
      throw new ApiError(
        400,
        'PGRST102',
        'Empty or invalid json',
        'The body must be a JSON object or an array of objects',
      );
    }
    const objects = rows as Record<string, unknown>[];
    const preferences = parsePreferences(request.headers.prefer);
    const columns = this.insertColumns(request, relation, objects);
    const conflict = preferences.resolution ? this.conflictColumns(request, relation) : undefined;
    const target = `${exposedSchema}.${quoteIdent(relation.name)}`;

    const statementFor =
      (batch: Record<string, unknown>[], batchColumns: string[]) => (returning: string) => {
        const params = new Params();
        const list = batchColumns.map(quoteIdent).join(', ');
        let sql =
          batchColumns.length === 0
            ? `insert into ${target} as _t default values`
            : `insert into ${target} as _t (${list})
             select ${list} from pg_catalog.json_populate_recordset(null::${target}, ${params.add(JSON.stringify(batch), 'json')})`;
        if (conflict && preferences.resolution === 'ignore-duplicates') {
          sql += ` on conflict (${conflict.map(quoteIdent).join(', ')}) do nothing`;
        } else if (conflict) {
          const updates = batchColumns.filter((name) => !conflict.includes(name));
          sql +=
            updates.length === 0
              ? ` on conflict (${conflict.map(quoteIdent).join(', ')}) do nothing`
              : ` on conflict (${conflict.map(quoteIdent).join(', ')}) do update set ${updates.map((name) => `${quoteIdent(name)} = excluded.${quoteIdent(name)}`).join(', ')}`;
        }
        void returning;
        return { sql, params };
      };

    // With Prefer: missing=default a key absent from an object takes the column default, not NULL. Objects with
    // different keys are then inserted one by one, each with its own column list.
    const uniform = objects.every((row) => columns.every((name) => name in row));
    return this.mutate(request, relation, 'insert', (returning) => {
      if (objects.length === 0) return [];
      if (!preferences.missingDefault || uniform) return [statementFor(objects, columns)(returning)];
      return objects.map((row) =>
        statementFor(
          [row],
          columns.filter((name) => name in row),
        )(returning),
      );
    });
  }

  private requireFilters(request: ApiRequest, command: 'UPDATE' | 'DELETE'): void {
    const conditions = parseConditions(request.url.searchParams);
    if (conditions.length === 0)
      throw new ApiError(
        400,
        '21000',
        `${command} requires a WHERE clause`,
        null,
        'Add a filter, as Supabase requires for updates and deletes.',
      );
    if (request.url.searchParams.has('limit') || request.url.searchParams.has('order')) {
      throw parseError(`limit and order on ${command} are not supported by the local stand-in`);
    }
  }

  private async update(request: ApiRequest, relation: RelationInfo): Promise<ApiResponse> {
    const parsed = parseJsonBody(request.body);
    if (!isPlainObject(parsed))
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object');
    this.requireFilters(request, 'UPDATE');
    const columns = this.insertColumns(request, relation, [parsed]);
    const source = this.source(relation);
    return this.mutate(request, relation, 'update', () => {
      if (columns.length === 0) return [];
      const params = new Params();
      const body = params.add(JSON.stringify(parsed), 'json');
      const where = whereClause(source, parseConditions(request.url.searchParams), params);
      const sql = `update ${source.sql} as _t set ${columns.map((name) => `${quoteIdent(name)} = _b.${quoteIdent(name)}`).join(', ')}
                   from (select * from pg_catalog.json_populate_record(null::${source.sql}, ${body})) as _b ${where}`;
      return [{ sql, params }];
    });
  }

  private async remove(request: ApiRequest, relation: RelationInfo): Promise<ApiResponse> {
    this.requireFilters(request, 'DELETE');
    const source = this.source(relation);
    return this.mutate(request, relation, 'delete', () => {
      const params = new Params();
      const where = whereClause(source, parseConditions(request.url.searchParams), params);
      return [{ sql: `delete from ${source.sql} as _t ${where}`, params }];
    });
  }

  private async rpc(request: ApiRequest, name: string): Promise<ApiResponse> {
    let args: Record<string, unknown>;
    if (request.method === 'POST') {
      const parsed = parseJsonBody(request.body) ?? {};
      if (!isPlainObject(parsed))
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json', 'The arguments must be a JSON object');
      args = parsed;
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      args = {};
    } else {
      throw new ApiError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions');
    }
    let candidates = this.options.schema.functions.get(name);
    if (!candidates) {
      await this.options.schema.refreshIfStale();
      candidates = this.options.schema.functions.get(name);
    }
    // For GET, query parameters named like an argument are arguments; the others filter the result.
    if (request.method !== 'POST') {
      const argumentNames = new Set((candidates ?? []).flatMap((fn) => fn.arguments.map((arg) => arg.name)));
      for (const [key, value] of request.url.searchParams) if (argumentNames.has(key)) args[key] = value;
    }
    const given = Object.keys(args);
    const fn = (candidates ?? []).find(
      (candidate) =>
        given.every((key) => candidate.arguments.some((arg) => arg.name === key)) &&
        candidate.arguments.every((arg) => arg.hasDefault || given.includes(arg.name)),
    );
    if (!fn) {
      throw new ApiError(
        404,
        'PGRST202',
        `Could not find the function ${exposedSchema}.${name}${given.length ? `(${given.sort().join(', ')})` : ' without parameters'} in the schema cache`,
        `Searched for the function ${exposedSchema}.${name}${given.length ? ` with parameter${given.length > 1 ? 's' : ''} ${given.sort().join(', ')}` : ' without parameters'}${request.method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      );
    }
    return inRequestTransaction(this.db(), request.context, (tx) => this.callFunction(tx, request, fn, args));
  }

  private async callFunction(
    tx: Transaction,
    request: ApiRequest,
    fn: FunctionInfo,
    args: Record<string, unknown>,
  ): Promise<ApiResponse> {
    const params = new Params();
    const used = fn.arguments.filter((arg) => arg.name in args);
    // json_to_record types every argument as Postgres would: JSON arrays become arrays, objects json/jsonb.
    const argumentsSource =
      used.length === 0
        ? ''
        : `pg_catalog.json_to_record(${params.add(JSON.stringify(args), 'json')}) as _args(${used.map((arg) => `${quoteIdent(arg.name)} ${arg.sqlType}`).join(', ')}), `;
    const call = `${exposedSchema}.${quoteIdent(fn.name)}(${used.map((arg) => `${quoteIdent(arg.name)} => _args.${quoteIdent(arg.name)}`).join(', ')})`;
    const skip = new Set(fn.arguments.map((arg) => arg.name));

    if (fn.returnKind === 'composite') {
      const source: Source = { name: fn.name, sql: '_rpc', columns: fn.columns };
      const prelude = `with _rpc as materialized (select _f.* from ${argumentsSource}${call} as _f),`;
      const response = await this.readSource(tx, request, source, { prelude, params, skip });
      if (
        !fn.returnsSet &&
        response.body !== undefined &&
        !response.headers['Content-Type']?.startsWith('application/vnd.pgrst.object')
      ) {
        const rows = JSON.parse(response.body) as unknown[];
        return { ...response, body: JSON.stringify(rows[0] ?? null) };
      }
      return response;
    }
    if (fn.returnKind === 'void') {
      await tx.query(`select 1 from ${argumentsSource}${call} as _f`, params.values);
      return { status: 204, headers: {} };
    }
    const aggregate = fn.returnsSet
      ? `coalesce(pg_catalog.json_agg(_f), '[]')`
      : `pg_catalog.to_json(pg_catalog.max(_f))`;
    const sql = fn.returnsSet
      ? `select ${aggregate}::text as body from ${argumentsSource}${call} as _f`
      : `select pg_catalog.to_json(_f)::text as body from ${argumentsSource}${call} as _f`;
    const result = await tx.query<{ body: string | null }>(sql, params.values);
    const body = result.rows[0]?.body ?? 'null';
    return { status: 200, headers: { 'Content-Type': jsonType }, ...(request.method !== 'HEAD' && { body }) };
  }
}
