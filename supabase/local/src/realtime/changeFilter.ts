// The `filter` of a postgres_changes subscription, as Supabase Realtime accepts it: `column=op.value` with eq, neq,
// lt, lte, gt, gte or in.(a,b). Compared against the changed row's values.
import { parseList } from '../rest/queryGrammar.ts';

export interface ChangeFilter {
  column: string;
  operator: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  values: string[];
}

export function parseChangeFilter(text: string): ChangeFilter {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`Invalid filter "${text}": expected column=eq|neq|lt|lte|gt|gte|in.value`);
  const [, column, operator, value] = match as unknown as [string, string, ChangeFilter['operator'], string];
  return { column, operator, values: operator === 'in' ? parseList(value, '(', ')') : [value] };
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string'
    ? value
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

function compare(left: string, right: string): number {
  const a = Number(left);
  const b = Number(right);
  if (left.trim() !== '' && right.trim() !== '' && !Number.isNaN(a) && !Number.isNaN(b)) return a - b;
  const leftTime = Date.parse(left);
  const rightTime = Date.parse(right);
  if (!Number.isNaN(leftTime) && !Number.isNaN(rightTime) && /\d{4}-\d{2}-\d{2}/.test(left))
    return leftTime - rightTime;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether a row matches; undefined when the row does not carry the column (a DELETE without REPLICA IDENTITY FULL). */
export function matchesChangeFilter(filter: ChangeFilter, row: Record<string, unknown>): boolean | undefined {
  if (!(filter.column in row)) return undefined;
  const value = asText(row[filter.column]);
  if (value === null) return false;
  const first = filter.values[0] ?? '';
  switch (filter.operator) {
    case 'eq':
      return compare(value, first) === 0;
    case 'neq':
      return compare(value, first) !== 0;
    case 'lt':
      return compare(value, first) < 0;
    case 'lte':
      return compare(value, first) <= 0;
    case 'gt':
      return compare(value, first) > 0;
    case 'gte':
      return compare(value, first) >= 0;
    case 'in':
      return filter.values.some((candidate) => compare(value, candidate) === 0);
  }
}
