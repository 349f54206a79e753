// The data a page's sections loaded before rendering: on the server, each exposed page module's `loader` runs with the
// publishable key (row-level security applies) and the page is rendered from what it returned; the same data travels in
// the HTML as a JSON data block (not a script: the Content-Security-Policy forbids inline scripts), so the browser
// hydrates from exactly what the server rendered and does not fetch it again. Realtime then keeps it live. Nothing here
// is a module-level cache on the server: the server passes each request's data down in context.
import { jsonScriptHtml } from '@site/shared-ui/jsonScript';
import { createContext, useContext } from 'react';
import { selectRows, callDatabaseFunction, type TableFilter } from '@site/shared-ui/restClient';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';

/** Data by key: a table's rows in an order ('projects:created_at:desc'), or a function's answer. */
export type SectionData = Readonly<Record<string, unknown>>;

/** The address a page is rendered for: its path and its query (canonical, '' or '?...'; see searchAddress). */
export interface PageAddress {
  path: string;
  search: string;
}

export interface LoaderContext {
  backend: SupabaseRuntimeConfig;
  /** The page's address: a page with a search loads what its query asks for (the search is the address). */
  address: PageAddress;
  /** Aborted when the page's deadline passes: the section then renders in the browser instead. */
  signal: AbortSignal;
  /** Told each table the data is read from: the server's page cache renders the page again when one changes. */
  reads?: (table: string) => void;
}

/** What an exposed page module may export beside its component: the data it renders from. */
export type SectionLoader = (context: LoaderContext) => Promise<SectionData>;

export type { TableFilter };

export interface TableQuery {
  table: string;
  order: { column: string; ascending: boolean };
  /** Only the rows that pass it (PostgREST filters): a page never carries more rows than it shows. */
  filter?: TableFilter;
}

/** The key of a table's rows in an order, the same for the loader, the server and the browser. */
export function tableDataKey({ table, order, filter }: TableQuery): string {
  const kept = filter ? `?${new URLSearchParams(filter as Record<string, string>)}` : '';
  return `${table}:${order.column}:${order.ascending ? 'asc' : 'desc'}${kept}`;
}

/** The key of a database function's answer to these arguments. */
export function functionDataKey(name: string, args: Record<string, unknown>): string {
  return `rpc:${name}:${JSON.stringify(args)}`;
}

/** A loader that reads tables (each in its order) with the publishable key. */
export function tableLoader(...queries: TableQuery[]): SectionLoader {
  return async ({ backend, signal, reads }) =>
    Object.fromEntries(
      await Promise.all(
        queries.map(async (query) => {
          reads?.(query.table);
          return [
            tableDataKey(query),
            await selectRows(query.table, query.order, {
              backend,
              quiet: true,
              signal,
              filter: query.filter,
            }),
          ];
        }),
      ),
    );
}

/** A loader that calls a database function with the publishable key; `tables` are those the function reads. */
export function functionLoader(
  name: string,
  args: Record<string, unknown>,
  tables: readonly string[],
): SectionLoader {
  return async ({ backend, signal, reads }) => {
    for (const table of tables) reads?.(table);
    return {
      [functionDataKey(name, args)]: await callDatabaseFunction(name, args, { backend, quiet: true, signal }),
    };
  };
}

/** Runs several loaders and merges what they returned. */
export function combinedLoader(...loaders: SectionLoader[]): SectionLoader {
  return async (context) => Object.assign({}, ...(await Promise.all(loaders.map((load) => load(context)))));
}

export const SectionDataContext = createContext<SectionData>({});

/** The data the page was rendered from, for this key (undefined: the section loads it itself). */
export function useSectionData<T>(key: string): T | undefined {
  return useContext(SectionDataContext)[key] as T | undefined;
}

/** The id of the data block a server-rendered page carries. */
export const pageDataElementId = 'page-data';

export interface PageData {
  /** The section modules the server rendered ('portfolio/PortfolioPage'). */
  rendered: string[];
  data: SectionData;
}

let embedded: PageData | undefined;

/** In the browser: what the server embedded in the page (nothing for a page the server did not render). */
export function embeddedPageData(): PageData {
  if (embedded) return embedded;
  embedded = { rendered: [], data: {} };
  if (typeof document === 'undefined') return embedded;
  const element = document.getElementById(pageDataElementId);
  if (!element?.textContent) return embedded;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<PageData>;
    embedded = { rendered: parsed.rendered ?? [], data: parsed.data ?? {} };
  } catch (error) {
    console.error(
      '[page data] unreadable, the sections load their data:',
      error instanceof Error ? error.message : error,
    );
  }
  return embedded;
}

/** The data block itself, safe inside HTML: `<` is escaped, so no text in the data can close the element. */
export function pageDataHtml(pageData: PageData): string {
  return jsonScriptHtml(pageDataElementId, pageData);
}
