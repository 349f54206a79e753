// A public table kept live in the page: loaded once, then patched by Supabase Realtime as the owner edits rows.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { retryDelayMs } from '@site/shared-ui/deadlines';
import { selectRows } from '@site/shared-ui/restClient';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { embeddedPageData, tableDataKey, useSectionData } from '@site/shared-ui/sectionData';
import { watchTableChanges, type RowChange } from '@site/shared-ui/tableChanges';

export type LiveTableName = 'projects' | 'courses' | 'testimonials' | 'ads' | 'videos';
export type LoadStatus = 'loading' | 'ready' | 'error';

interface RowWithId {
  id: string;
}

export interface LiveTableOrder<Row> {
  column: keyof Row & string;
  ascending: boolean;
}

export function compareRows<Row>(order: LiveTableOrder<Row>): (a: Row, b: Row) => number {
  return (a, b) => {
    const left = a[order.column] as unknown;
    const right = b[order.column] as unknown;
    if (left === right) return 0;
    // Nulls last, as Postgres orders ascending.
    if (left === null || left === undefined) return 1;
    if (right === null || right === undefined) return -1;
    const result =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right));
    return order.ascending ? result : -result;
  };
}

/** The rows after one change, kept in the table's order. */
export function applyRowChange<Row extends RowWithId>(
  rows: readonly Row[],
  change: RowChange<Row>,
  compare: (a: Row, b: Row) => number,
): Row[] {
  const removedId = change.type === 'INSERT' ? change.record?.id : (change.oldId ?? change.record?.id);
  const remaining = rows.filter((row) => row.id !== removedId && row.id !== change.record?.id);
  if (change.type === 'DELETE' || !change.record) return remaining;
  return [...remaining, change.record].sort(compare);
}

interface LiveTableState<Row> {
  status: LoadStatus;
  rows: Row[];
}

/** A first load started early (see prefetchTable), waiting for the page that will show it. */
const prefetched = new Map<string, { rows: Promise<unknown[]>; startedAt: number }>();
/** An early load older than this is not used: the page loads afresh. */
const prefetchFreshForMs = 10_000;

function tableKey(table: LiveTableName, order: { column: string; ascending: boolean }): string {
  return tableDataKey({ table, order });
}

/**
 * Starts loading a table before the component that shows it renders: a section calls it when its module is
 * evaluated, so the rows are on their way while React renders. The first useLiveTable with the same table and
 * order takes the result.
 */
export function prefetchTable<Row>(table: LiveTableName, order: LiveTableOrder<Row>): void {
  // On the server a page's data comes from its loader; in a server-rendered page, it is already in the page.
  if (typeof window === 'undefined') return;
  const key = tableKey(table, order);
  if (prefetched.has(key) || key in embeddedPageData().data) return;
  const rows = selectRows<unknown>(table, order);
  rows.catch(() => undefined); // the component that takes it reports the failure
  prefetched.set(key, { rows, startedAt: Date.now() });
}

function takePrefetched<Row>(table: LiveTableName, order: LiveTableOrder<Row>): Promise<Row[]> | undefined {
  const key = tableKey(table, order);
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early && Date.now() - early.startedAt < prefetchFreshForMs
    ? (early.rows as Promise<Row[]>)
    : undefined;
}

/**
 * Loads every visible row of the table and applies Realtime changes as they come. The first load is a plain REST
 * request; live updates (see tableChanges) start once the page is idle, and catch up on whatever changed before. A
 * failed load (refused, or past its deadline) is logged with an error label, leaves what was already shown (an empty
 * list at first, status 'error'), never an exception, and is tried again by itself with backoff (see readRetry) until
 * it succeeds, so an open page recovers when the backend does; `retry` tries at once (the visitor's "Try again").
 * Only the newest load's answer is used: a late answer never overwrites a newer one.
 */
export function useLiveTable<Row extends RowWithId, Item>(
  table: LiveTableName,
  toItem: (row: Row) => Item,
  order: LiveTableOrder<Row>,
): { status: LoadStatus; items: Item[]; retry: () => void } {
  const { column, ascending } = order;
  // Rows the page was rendered with (on the server, and in the browser from the page's data block): no first load.
  const rendered = useSectionData<Row[]>(tableKey(table, { column, ascending }));
  const [state, setState] = useState<LiveTableState<Row>>(
    rendered ? { status: 'ready', rows: rendered } : { status: 'loading', rows: [] },
  );
  const renderedWithRows = rendered !== undefined;
  const loadNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    const compare = compareRows<Row>({ column, ascending });
    let cancelled = false;
    let latest = 0;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const load = async (quiet: boolean, early?: Promise<Row[]>) => {
      clearTimeout(retryTimer);
      latest += 1;
      const mine = latest;
      try {
        const rows = await (early ?? selectRows<Row>(table, { column, ascending }, { quiet }));
        if (cancelled || mine !== latest) return;
        failures = 0;
        setState({ status: 'ready', rows: [...rows].sort(compare) });
      } catch (error) {
        if (cancelled || mine !== latest) return;
        reportFailure(`[${table}] load failed:`, error);
        setState((current) => ({ ...current, status: current.status === 'ready' ? 'ready' : 'error' }));
        failures += 1;
        retryTimer = setTimeout(() => void load(true), retryDelayMs(failures));
      }
    };

    loadNow.current = () => {
      setState((current) => (current.status === 'error' ? { ...current, status: 'loading' } : current));
      void load(false);
    };

    const firstLoad = renderedWithRows
      ? Promise.resolve()
      : load(false, takePrefetched<Row>(table, { column, ascending }));

    const stopWatching = watchTableChanges<Row>(table, {
      onChange: (change) =>
        setState((current) => ({ ...current, rows: applyRowChange(current.rows, change, compare) })),
      // Catch up on changes made before the subscription was live (at start, or while reconnecting).
      onLive: () => void firstLoad.then(() => load(true)),
    });

    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      loadNow.current = () => undefined;
      stopWatching();
    };
  }, [table, column, ascending, renderedWithRows]);

  const items = useMemo(() => state.rows.map(toItem), [state.rows, toItem]);
  const retry = useCallback(() => loadNow.current(), []);
  return { status: state.status, items, retry };
}
