// Turns parsed requests into parameterised SQL. Identifiers come only from the schema cache (and are quoted), every
// value is a bind parameter cast to the column's own type, so `id=eq.x` compares uuids and a bad value is 22P02.
import { parseError, unknownColumn } from './apiError.ts';
import { parseList, type Condition, type Filter, type OrderTerm, type SelectItem } from './queryGrammar.ts';
import type { ColumnInfo } from './schemaCache.ts';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The bind parameters of one statement. */
export class Params {
  readonly values: string[] = [];

  /** A text parameter cast to a SQL type (text input works for every type). */
  add(value: string, sqlType = 'text'): string {
    this.values.push(value);
    return sqlType === 'text' ? `$${this.values.length}::text` : `$${this.values.length}::text::${sqlType}`;
  }
}

/** A relation (or a function's result) that a read can select from. */
export interface Source {
  /** Name used in error messages. */
  name: string;
  /** SQL of the relation, e.g. public."projects". */
  sql: string;
  columns: Map<string, ColumnInfo>;
}

function column(source: Source, name: string): ColumnInfo {
  const info = source.columns.get(name);
  if (!info) throw unknownColumn(source.name, name);
  return info;
}

export function selectList(source: Source, items: SelectItem[], alias = '_t'): string {
  return items
    .map((item) => {
      if (item.kind === 'all') return `${alias}.*`;
      const info = column(source, item.column);
      const reference = `${alias}.${quoteIdent(info.name)}`;
      const value = item.cast !== undefined ? `${reference}::${item.cast}` : reference;
      return `${value} as ${quoteIdent(item.alias ?? info.name)}`;
    })
    .join(', ');
}

const comparison: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const containment: Record<string, string> = {
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};
const textSearch: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function quantified(
  filter: Filter,
  operatorSql: string,
  reference: string,
  elementType: string,
  params: Params,
): string {
  const items = parseList(filter.value, '{', '}');
  const arrayLiteral = `{${items.map((item) => `"${item.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
  return `${reference} ${operatorSql} ${filter.modifier}(${params.add(arrayLiteral, `${elementType}[]`)})`;
}

function filterSql(source: Source, filter: Filter, params: Params, alias: string): string {
  const info = column(source, filter.column);
  const reference = `${alias}.${quoteIdent(info.name)}`;
  const asText = info.category === 'S' && !info.sqlType.endsWith('[]') ? reference : `${reference}::text`;
  const { operator, value } = filter;
  let sql: string;
  if (operator in comparison) {
    const operatorSql = comparison[operator] as string;
    sql = filter.modifier
      ? quantified(filter, operatorSql, reference, info.sqlType, params)
      : `${reference} ${operatorSql} ${params.add(value, info.sqlType)}`;
  } else if (operator === 'like' || operator === 'ilike') {
    const operatorSql = operator === 'like' ? 'like' : 'ilike';
    const pattern = (text: string): string => text.replace(/\*/g, '%');
    sql = filter.modifier
      ? quantified({ ...filter, value: pattern(value) }, operatorSql, asText, 'text', params)
      : `${asText} ${operatorSql} ${params.add(pattern(value))}`;
  } else if (operator === 'match' || operator === 'imatch') {
    const operatorSql = operator === 'match' ? '~' : '~*';
    sql = filter.modifier
      ? quantified(filter, operatorSql, asText, 'text', params)
      : `${asText} ${operatorSql} ${params.add(value)}`;
  } else if (operator === 'in') {
    const items = parseList(value, '(', ')');
    sql =
      items.length === 0
        ? 'false'
        : `${reference} in (${items.map((item) => params.add(item, info.sqlType)).join(', ')})`;
  } else if (operator === 'is') {
    const keyword = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
      value.toLowerCase()
    ];
    if (keyword === undefined)
      throw parseError(
        `failed to parse filter (is.${value})`,
        'is accepts null, not_null, true, false or unknown',
      );
    sql = `${reference} is ${keyword}`;
  } else if (operator === 'isdistinct') {
    sql = `${reference} is distinct from ${params.add(value, info.sqlType)}`;
  } else if (operator in containment) {
    sql = `${reference} ${containment[operator] as string} ${params.add(value, info.sqlType)}`;
  } else if (operator in textSearch) {
    const config = filter.modifier !== undefined ? `${params.add(filter.modifier, 'regconfig')}, ` : '';
    sql = `${reference} @@ pg_catalog.${textSearch[operator] as string}(${config}${params.add(value)})`;
  } else {
    throw parseError(`unsupported operator ${operator}`);
  }
  return filter.negate ? `not (${sql})` : sql;
}

export function conditionSql(source: Source, condition: Condition, params: Params, alias = '_t'): string {
  if (condition.kind === 'filter') return filterSql(source, condition, params, alias);
  if (condition.children.length === 0) return condition.negate ? 'false' : 'true';
  const joined = condition.children
    .map((child) => `(${conditionSql(source, child, params, alias)})`)
    .join(` ${condition.operator} `);
  return condition.negate ? `not (${joined})` : joined;
}

export function whereClause(source: Source, conditions: Condition[], params: Params, alias = '_t'): string {
  if (conditions.length === 0) return '';
  return `where ${conditions.map((condition) => `(${conditionSql(source, condition, params, alias)})`).join(' and ')}`;
}

export function orderClause(source: Source, terms: OrderTerm[], alias = '_t'): string {
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    const info = column(source, term.column);
    const nulls = term.nulls === undefined ? '' : term.nulls === 'first' ? ' nulls first' : ' nulls last';
    return `${alias}.${quoteIdent(info.name)} ${term.descending ? 'desc' : 'asc'}${nulls}`;
  });
  return `order by ${parts.join(', ')}`;
}
