// Reads and writes through Supabase's REST API (PostgREST) and its edge functions with plain fetch: the browser never
// loads supabase-js (~48 KB compressed); live updates use the Realtime client alone (see tableChanges).
// Requests carry the site's publishable key, so row-level security applies exactly as with supabase-js.
import { backendKeyHeaders } from '@site/shared-ui/backendKey';
import { fetchWithLoadingBar, IGNORE_LOADING_BAR_HEADER } from '@site/shared-ui/fetchWithLoadingBar';
import { supabaseConfig, type SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import { deadlineSignal, deadlines } from '@site/shared-ui/deadlines';

/**
 * A request the backend refused, with PostgREST's error code (e.g. 42501, PGRST116) and message, and the answer's
 * whole JSON body (an edge function's refusal says more, such as which fields were wrong).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export interface RestOptions {
  /** Not shown by the loading bar (background work: catching up, analytics). */
  quiet?: boolean;
  /** Lets the request finish while the page is closing. */
  keepalive?: boolean;
  /** The backend to use, when the caller has it already. */
  backend?: SupabaseRuntimeConfig;
  /** Ends the request early (a server render's deadline). */
  signal?: AbortSignal;
  /**
   * How long the request may take, answer included (see deadlines): past it, it fails with a TimeoutError. By default
   * a page's read, or a background read for quiet requests.
   */
  deadlineMs?: number;
}

async function restRequest(path: string, init: RequestInit, options: RestOptions): Promise<Response> {
  return backendRequest(`rest/v1/${path}`, init, options);
}

/** A request to the backend with the publishable key; throws a RestError when it is refused. */
async function backendRequest(path: string, init: RequestInit, options: RestOptions): Promise<Response> {
  const signal = deadlineSignal(
    options.deadlineMs ?? (options.quiet ? deadlines.backgroundReadMs : deadlines.pageReadMs),
    options.signal,
  );
  const backend = options.backend ?? (await supabaseConfig());
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(backendKeyHeaders(backend.publishableKey)))
    headers.set(name, value);
  if (options.quiet) headers.set(IGNORE_LOADING_BAR_HEADER, 'true');
  const response = await fetchWithLoadingBar(`${backend.url}/${path}`, {
    ...init,
    headers,
    keepalive: options.keepalive ?? false,
    signal,
  });
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => ({}));
    const body = (answer !== null && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
    throw new RestError(
      response.status,
      typeof body.code === 'string' ? body.code : String(response.status),
      typeof body.message === 'string' ? body.message : response.statusText,
      body,
    );
  }
  return response;
}

export interface RowOrder {
  column: string;
  ascending: boolean;
}

/** PostgREST filters by column, as its URL writes them (`{ featured_rank: 'not.is.null' }`). */
export type TableFilter = Readonly<Record<string, string>>;

/**
 * Every row of the table the anon role may see (or those the filter keeps), in the given order.
 * @param options.filter keeps the rows that pass every filter
 */
export async function selectRows<Row>(
  table: string,
  order: RowOrder,
  { filter = {}, ...options }: RestOptions & { filter?: TableFilter } = {},
): Promise<Row[]> {
  const query = new URLSearchParams({
    select: '*',
    ...filter,
    order: `${order.column}.${order.ascending ? 'asc' : 'desc'}`,
  });
  const response = await restRequest(
    `${table}?${query}`,
    { headers: { Accept: 'application/json' } },
    options,
  );
  return (await response.json()) as Row[];
}

/** Calls a database function (POST /rest/v1/rpc/<name>) with named arguments. */
export async function callDatabaseFunction<Result>(
  name: string,
  args: Record<string, unknown>,
  options: RestOptions = {},
): Promise<Result> {
  const response = await restRequest(
    `rpc/${name}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) },
    options,
  );
  return (await response.json()) as Result;
}

/** Inserts rows, asking for no answer body (the anon role may not read what it writes). */
export async function insertRows(
  table: string,
  rows: readonly object[],
  options: RestOptions = {},
): Promise<void> {
  await restRequest(
    table,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify(rows),
    },
    options,
  );
}

/**
 * Calls an edge function (POST /functions/v1/<name>) with a JSON body, as supabase-js's functions.invoke does, but
 * with plain fetch (so it can use `keepalive` while the page closes, and needs no supabase-js).
 */
export async function callEdgeFunction(
  name: string,
  body: unknown,
  options: RestOptions = {},
): Promise<Response> {
  return backendRequest(
    `functions/v1/${name}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    options,
  );
}
