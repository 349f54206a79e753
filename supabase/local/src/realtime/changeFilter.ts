// The `filter` of a postgres_changes subscription, as Supabase Realtime accepts it: `column=op.value` with eq, neq,
// lt, lte, gt, gte or in.(a,b). Hosted Realtime compares in SQL with both sides cast to the column's type
// (realtime.check_equality_op), so '10' < '9' on a text column, a uuid matches in any letter case, and a timestamp
// compares as a timestamp: the same comparison is made here, in the database.
import type { PGlite } from '@electric-sql/pglite';
import { parseList } from '../rest/queryGrammar.ts';
import { exposedSchema, type RelationInfo } from '../rest/schemaCache.ts';
import { Params, quoteIdent } from '../rest/sqlBuilder.ts';

export interface ChangeFilter {
  column: string;
  operator: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

const sqlOperators: Record<ChangeFilter['operator'], string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: '=',
};

export function parseChangeFilter(text: string): ChangeFilter {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`Invalid filter "${text}": expected column=eq|neq|lt|lte|gt|gte|in.value`);
  const [, column, operator, value] = match as unknown as [string, string, ChangeFilter['operator'], string];
  return { column, operator, values: operator === 'in' ? parseList(value, '(', ')') : [value] };
}

/**
 * Whether a changed row matches, compared as the column's type; undefined when the row does not carry the column (a
 * DELETE that sends only the key). A value that does not cast to the column's type matches nothing.
 */
export async function matchesChangeFilter(
  db: PGlite,
  relation: RelationInfo,
  filter: ChangeFilter,
  row: Record<string, unknown>,
): Promise<boolean | undefined> {
  const column = relation.columns.get(filter.column);
  if (!column || !(filter.column in row)) return undefined;
  const params = new Params();
  const record = params.add(JSON.stringify(row), 'jsonb');
  const value = `(pg_catalog.jsonb_populate_record(null::${exposedSchema}.${quoteIdent(relation.name)}, ${record})).${quoteIdent(filter.column)}`;
  const compared =
    filter.operator === 'in'
      ? `${value} = any(array[${filter.values.map((candidate) => params.add(candidate, column.sqlType)).join(', ')}]::${column.sqlType}[])`
      : `${value} ${sqlOperators[filter.operator]} ${params.add(filter.values[0] ?? '', column.sqlType)}`;
  try {
    const result = await db.query<{ matches: boolean }>(
      `select coalesce(${compared}, false) as matches`,
      params.values,
    );
    return result.rows[0]?.matches ?? false;
  } catch {
    return false;
  }
}
