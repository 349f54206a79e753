// Reads kept live in the page, one cache and one backoff for all: a public table (useLiveTable), patched by Supabase
// Realtime as the owner edits rows, or any read that follows a table (useLiveRead), read again when it changes.
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

/** A read started early (see prefetchRead), by its data key, waiting for the page that will show it. */
const prefetched = new Map<string, { rows: Promise<unknown[]>; startedAt: number }>();
/** An early read older than this is not used: the page reads afresh. */
const prefetchFreshForMs = 10_000;

function tableKey(table: LiveTableName, order: { column: string; ascending: boolean }): string {
  return tableDataKey({ table, order });
}

/**
 * Starts a read before the component that shows it renders: a section calls it when its module is evaluated, so the
 * rows are on their way while React renders. The first useLiveRead with the same key takes the result.
 */
export function prefetchRead(key: string, read: () => Promise<unknown[]>): void {
  // On the server a page's data comes from its loader; in a server-rendered page, it is already in the page.
  if (typeof window === 'undefined') return;
  if (prefetched.has(key) || key in embeddedPageData().data) return;
  const rows = read();
  rows.catch(() => undefined); // the component that takes it reports the failure
  prefetched.set(key, { rows, startedAt: Date.now() });
}

/** Every row of the table, in its order (kept with compareRows, as changes are applied). */
async function readTable<Row>(
  table: LiveTableName,
  order: LiveTableOrder<Row>,
  quiet: boolean,
): Promise<Row[]> {
  const rows = await selectRows<Row>(table, order, { quiet });
  return [...rows].sort(compareRows(order));
}

/** prefetchRead for a whole table in an order (the read useLiveTable makes). */
export function prefetchTable<Row>(table: LiveTableName, order: LiveTableOrder<Row>): void {
  prefetchRead(tableKey(table, order), () => readTable(table, order, false));
}

function takePrefetched<Row>(key: string): Promise<Row[]> | undefined {
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early && Date.now() - early.startedAt < prefetchFreshForMs
    ? (early.rows as Promise<Row[]>)
    : undefined;
}

export interface LiveRead<Row extends RowWithId> {
  /** The read's data key: the page's data block and early reads are found by it; another key is another read. */
  key: string;
  /** The table whose changes change the rows. */
  table: LiveTableName;
  /** Reads the rows; `quiet`: in the background (catching up, after a change), without the loading bar. */
  read: (quiet: boolean) => Promise<Row[]>;
  /** Applies one change to the rows; without it, the rows are read again (changes that come together, once). */
  applyChange?: (rows: readonly Row[], change: RowChange<Row>) => Row[];
  /** What a failed read is logged as (default `[<table>] load failed:`). */
  failureLabel?: string;
}

export interface LiveReadView<Row> {
  /** Of the read for `key`: 'loading' until it answers (the rows shown meanwhile are the last answer's). */
  status: LoadStatus;
  rows: Row[];
  /** No read has answered yet. */
  firstLoad: boolean;
  /** The visitor's "Try again": reads again at once. */
  retry: () => void;
}

interface ReadState<Row> {
  /** The read these rows answer (undefined: none yet). */
  key: string | undefined;
  status: LoadStatus;
  rows: Row[];
}

/** Changes that come together (a sync touches many rows) are answered by one read. */
const rereadDelayMs = 200;

/**
 * Rows read from the backend and kept live: the first read is a plain REST request (or the rows the page was rendered
 * with, or an early read); live updates (see tableChanges) start once the page is idle and catch up on whatever
 * changed before; each change is applied to the rows, or makes them read again. A failed read (refused, or past its
 * deadline) is logged, leaves what was shown (an empty list at first, status 'error'), never an exception, and is
 * tried again by itself with backoff (see readRetry) until it succeeds, so an open page recovers when the backend
 * does. Only the newest read's answer is used: a late answer never overwrites a newer one, nor another key's.
 */
export function useLiveRead<Row extends RowWithId>({
  key,
  table,
  read,
  applyChange,
  failureLabel = `[${table}] load failed:`,
}: LiveRead<Row>): LiveReadView<Row> {
  // Rows the page was rendered with (on the server, and in the browser from the page's data block): no first read.
  const rendered = useSectionData<Row[]>(key);
  const [state, setState] = useState<ReadState<Row>>(() =>
    rendered ? { key, status: 'ready', rows: rendered } : { key: undefined, status: 'loading', rows: [] },
  );
  // The page's rows answer their key's first read, until any read is made.
  const fromPage = useRef(rendered !== undefined ? key : undefined);
  // Each change, catch-up and retry reads the same key again.
  const [revision, setRevision] = useState(0);
  const failures = useRef(0);
  // The changes applied while a read is on its way (undefined: none is): its answer may be older than they are.
  const changesDuringRead = useRef<RowChange<Row>[] | undefined>(undefined);
  const latest = useRef({ read, applyChange });
  useEffect(() => {
    latest.current = { read, applyChange };
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readAgainSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setRevision((count) => count + 1), rereadDelayMs);
    };
    const stopWatching = watchTableChanges<Row>(table, {
      onChange: (change) => {
        const apply = latest.current.applyChange;
        if (apply) {
          changesDuringRead.current?.push(change);
          setState((current) => ({ ...current, rows: apply(current.rows, change) }));
        } else readAgainSoon();
      },
      // Catch up on changes made before the subscription was live (at start, or while reconnecting), at once: it is
      // one event, nothing to gather, and on a page opened a moment ago an edit made meanwhile waits for this read.
      onLive: () => {
        clearTimeout(timer);
        setRevision((count) => count + 1);
      },
    });
    return () => {
      clearTimeout(timer);
      stopWatching();
    };
  }, [table]);

  const readKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (fromPage.current === key && revision === 0) {
      readKey.current = key;
      return undefined;
    }
    fromPage.current = undefined;
    // The same key again: the rows changed, or a retry; what is shown stays if this read fails.
    const again = readKey.current === key;
    if (!again) failures.current = 0;
    readKey.current = key;
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    changesDuringRead.current = [];
    (again ? latest.current.read(true) : (takePrefetched<Row>(key) ?? latest.current.read(false)))
      .then((rows) => {
        if (cancelled) return;
        failures.current = 0;
        // A change that came while the read was on its way may be missing from its answer (a catch-up read sent
        // before the owner's edit, answered after it): applied again, it is not lost. Applying one twice is harmless.
        const changes = changesDuringRead.current ?? [];
        changesDuringRead.current = undefined;
        const apply = latest.current.applyChange;
        setState({ key, status: 'ready', rows: apply ? changes.reduce(apply, rows) : rows });
      })
      .catch((error: unknown) => {
        changesDuringRead.current = undefined;
        if (cancelled) return;
        reportFailure(failureLabel, error);
        setState((current) =>
          current.key === key && current.status === 'ready' ? current : { key, status: 'error', rows: [] },
        );
        failures.current += 1;
        retryTimer = setTimeout(() => setRevision((count) => count + 1), retryDelayMs(failures.current));
      });
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
    };
  }, [key, table, revision, failureLabel]);

  const retry = useCallback(() => {
    setState((current) => (current.status === 'error' ? { ...current, status: 'loading' } : current));
    setRevision((count) => count + 1);
  }, []);
  return {
    status: state.key === key ? state.status : 'loading',
    rows: state.rows,
    firstLoad: state.key === undefined,
    retry,
  };
}

/**
 * Every visible row of the table, in its order, kept live (useLiveRead): each Realtime change is applied in place.
 */
export function useLiveTable<Row extends RowWithId, Item>(
  table: LiveTableName,
  toItem: (row: Row) => Item,
  order: LiveTableOrder<Row>,
): { status: LoadStatus; items: Item[]; retry: () => void } {
  const { column, ascending } = order;
  const key = tableKey(table, { column, ascending });
  const read = useCallback(
    (quiet: boolean) => readTable<Row>(table, { column, ascending }, quiet),
    [table, column, ascending],
  );
  const applyChange = useCallback(
    (rows: readonly Row[], change: RowChange<Row>) =>
      applyRowChange(rows, change, compareRows<Row>({ column, ascending })),
    [column, ascending],
  );
  const { status, rows, retry } = useLiveRead<Row>({ key, table, read, applyChange });
  const items = useMemo(() => rows.map(toItem), [rows, toItem]);
  return { status, items, retry };
}
