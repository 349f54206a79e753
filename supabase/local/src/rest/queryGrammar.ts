// PostgREST's URL grammar, the subset supabase-js produces: select lists, horizontal filters (with `not.` and the
// any/all modifiers), logic trees (or=(...), and=(...)), order terms. Parsing only; nothing here touches SQL.
import { parseError, syntaxError } from './apiError.ts';

export type SelectItem = { kind: 'all' } | { kind: 'column'; column: string; alias?: string; cast?: string };

export const filterOperators = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

export interface Filter {
  kind: 'filter';
  column: string;
  negate: boolean;
  operator: string;
  /** any / all for quantified operators, the text-search configuration for fts operators */
  modifier?: string;
  value: string;
}

export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: 'first' | 'last';
}

/** Splits on commas that are outside parentheses, braces and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      current += char;
      if (char === '\\' && i + 1 < text.length) current += text[++i];
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(' || char === '{' || char === '[') depth += 1;
    else if (char === ')' || char === '}' || char === ']') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  if (quoted || depth !== 0) throw parseError(`unbalanced quotes or parentheses in "${text}"`);
  parts.push(current);
  return parts;
}

/** Removes surrounding double quotes, undoing backslash escapes. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return text;
}

const identifierPattern = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const castPattern = /^[a-z][a-z0-9_]*$/;

function columnName(text: string, context: string): string {
  const name = unquote(text.trim());
  if (name.startsWith('"') || name === '') throw parseError(`failed to parse ${context} (${text})`);
  if (name.includes('->')) {
    throw parseError(
      `JSON paths are not supported by the local stand-in (${text})`,
      'Select whole columns instead.',
    );
  }
  return name;
}

export function parseSelect(text: string | null): SelectItem[] {
  if (text === null || text.trim() === '' || text.trim() === '*') return [{ kind: 'all' }];
  return splitTopLevel(text).map((raw) => {
    const item = raw.trim();
    if (item === '*') return { kind: 'all' } as const;
    if (item.includes('(') || item.startsWith('...')) {
      throw parseError(
        `Embedded resources are not supported by the local stand-in (${item})`,
        'Query the related table separately.',
      );
    }
    let rest = item;
    let alias: string | undefined;
    const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"]+):(?!:)(.+)$/.exec(rest);
    if (aliasMatch) {
      alias = unquote(aliasMatch[1] as string);
      rest = aliasMatch[2] as string;
    }
    let cast: string | undefined;
    const castIndex = rest.lastIndexOf('::');
    if (castIndex > 0) {
      cast = rest.slice(castIndex + 2).trim();
      rest = rest.slice(0, castIndex);
      if (!castPattern.test(cast)) throw parseError(`failed to parse select parameter (${item})`);
    }
    const column = columnName(rest, 'select parameter');
    return {
      kind: 'column',
      column,
      ...(alias !== undefined && { alias }),
      ...(cast !== undefined && { cast }),
    };
  });
}

/** Parses the value part of a filter: [not.]operator[(modifier)].value */
export function parseFilterValue(column: string, text: string): Filter {
  const match = /^(not\.)?([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(text);
  if (!match || !filterOperators.has(match[2] as string)) {
    const negated = text.startsWith('not.');
    const at = negated ? 4 : 0;
    // The parser tries "not." first: the character it names is the first one that fails that too.
    let unexpected = at;
    while (!negated && unexpected < 3 && text[unexpected] === 'not'[unexpected]) unexpected += 1;
    throw syntaxError(
      'filter',
      text,
      at + 1,
      `unexpected ${unexpected < text.length ? JSON.stringify(text[unexpected]) : 'end of input'} expecting ${negated ? '' : '"not" or '}operator (eq, gt, ...)`,
    );
  }
  const [, not, operator, modifier, value] = match as unknown as [
    string,
    string | undefined,
    string,
    string | undefined,
    string,
  ];
  if (modifier !== undefined && !['any', 'all'].includes(modifier) && !operator.endsWith('fts')) {
    throw parseError(`failed to parse filter (${text})`);
  }
  if (modifier !== undefined && operator.endsWith('fts') && !identifierPattern.test(modifier)) {
    throw parseError(`failed to parse filter (${text})`, 'the text search configuration must be a name');
  }
  return {
    kind: 'filter',
    column: columnName(column, 'filter'),
    negate: not !== undefined,
    operator,
    ...(modifier !== undefined && { modifier }),
    value,
  };
}

/** Parses a logic tree: the value of or=(...) / and=(...) or a nested and(...) / or(...). */
export function parseLogicTree(operator: 'and' | 'or', negate: boolean, text: string): LogicTree {
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${text})`, 'expected the conditions in parentheses');
  }
  const children = splitTopLevel(text.slice(1, -1)).map((raw): Condition => {
    const item = raw.trim();
    const nested = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item);
    if (nested)
      return parseLogicTree(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3] as string);
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`failed to parse logic tree (${text})`);
    const filter = parseFilterValue(item.slice(0, dot), item.slice(dot + 1));
    // Inside a logic tree a value may be double-quoted to carry reserved characters.
    if (filter.operator !== 'in') filter.value = unquote(filter.value);
    return filter;
  });
  return { kind: 'logic', operator, negate, children };
}

export function parseOrder(text: string): OrderTerm[] {
  if (text.trim() === '') return [];
  let start = 0; // where the term begins in the whole value, for the error's column
  return splitTopLevel(text).map((raw) => {
    const parts = raw.trim().split('.');
    const name = parts.shift() ?? '';
    const column = columnName(name, 'order');
    const term: OrderTerm = { column, descending: false };
    let at = start + (raw.length - raw.trimStart().length) + name.length + 1;
    for (const part of parts) {
      if (part === 'asc') term.descending = false;
      else if (part === 'desc') term.descending = true;
      else if (part === 'nullsfirst') term.nulls = 'first';
      else if (part === 'nullslast') term.nulls = 'last';
      else
        throw syntaxError(
          'order',
          text,
          at + 1,
          `unexpected ${part === '' ? 'end of input' : JSON.stringify(part[0])} expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
      at += part.length + 1;
    }
    start += raw.length + 1;
    return term;
  });
}

/** Items of an in.(...) list or a {...} array literal, unquoted. */
export function parseList(text: string, open: string, close: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith(open) || !trimmed.endsWith(close)) {
    throw parseError(`failed to parse list (${text})`, `expected ${open}...${close}`);
  }
  const inner = trimmed.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}

/** Query parameters that are not filters. */
export const reservedParameters = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'and',
  'or',
  'not.and',
  'not.or',
]);

/**
 * The most a query string may ask for. PGlite cannot interrupt a running statement (statement_timeout is not
 * honoured: measured), so the stand-in bounds what one request can make the database do instead.
 */
export const MAX_QUERY_LENGTH = 4096;
export const MAX_CONDITIONS = 32;

/** Reads every filter and logic tree from the query string. */
export function parseConditions(params: URLSearchParams, skip: Set<string> = new Set()): Condition[] {
  const conditions: Condition[] = [];
  if (params.toString().length > MAX_QUERY_LENGTH) {
    throw parseError(`The query string is longer than ${MAX_QUERY_LENGTH} characters`);
  }
  for (const [key, value] of params) {
    if (conditions.length >= MAX_CONDITIONS)
      throw parseError(`A request takes at most ${MAX_CONDITIONS} filters`);
    if (skip.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      const negate = key.startsWith('not.');
      conditions.push(
        parseLogicTree(negate ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or'), negate, value),
      );
      continue;
    }
    if (reservedParameters.has(key)) continue;
    if (key.includes('.')) {
      throw parseError(
        `Filters on embedded resources are not supported by the local stand-in (${key})`,
        'Filter the related table separately.',
      );
    }
    conditions.push(parseFilterValue(key, value));
  }
  return conditions;
}
