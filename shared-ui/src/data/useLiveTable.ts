// Reads kept live in the page, one cache and one backoff for all: a public table (useLiveTable), patched by Supabase
// Realtime as the owner edits rows, or any read that follows a table (useLiveRead), read again when it changes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { retryDelayMs } from '@site/shared-ui/deadlines';
import { selectRows } from '@site/shared-ui/restClient';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import {
  embeddedPageData,
  tableDataKey,
  useSectionData,
  type TableFilter,
} from '@site/shared-ui/sectionData';
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
const prefetched = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
/** An early read older than this is not used: the page reads afresh. */
const prefetchFreshForMs = 10_000;

function tableKey(
  table: LiveTableName,
  order: { column: string; ascending: boolean },
  filter?: TableFilter,
): string {
  return tableDataKey({ table, order, filter });
}

/**
 * Starts a read before the component that shows it renders: a section calls it when its module is evaluated, so the
 * answer is on its way while React renders. The first useLiveRead with the same key takes the result.
 */
export function prefetchRead(key: string, read: () => Promise<unknown>): void {
  // On the server a page's data comes from its loader; in a server-rendered page, it is already in the page.
  if (typeof window === 'undefined') return;
  if (prefetched.has(key) || key in embeddedPageData().data) return;
  const answer = read();
  answer.catch(() => undefined); // the component that takes it reports the failure
  prefetched.set(key, { answer, startedAt: Date.now() });
}

/** The table's rows (every visible one, or those the filter keeps), in its order, as compareRows keeps them. */
async function readTable<Row>(
  table: LiveTableName,
  order: LiveTableOrder<Row>,
  filter: TableFilter | undefined,
  quiet: boolean,
): Promise<Row[]> {
  const rows = await selectRows<Row>(table, order, { quiet, filter });
  return [...rows].sort(compareRows(order));
}

/** prefetchRead for a table in an order (the read useLiveTable makes). */
export function prefetchTable<Row>(
  table: LiveTableName,
  order: LiveTableOrder<Row>,
  filter?: TableFilter,
): void {
  prefetchRead(tableKey(table, order, filter), () => readTable(table, order, filter, false));
}

function takePrefetched<Answer>(key: string): Promise<Answer> | undefined {
  const early = prefetched.get(key);
  prefetched.delete(key);
  return early && Date.now() - early.startedAt < prefetchFreshForMs
    ? (early.answer as Promise<Answer>)
    : undefined;
}

export interface LiveRead<Answer> {
  /** The read's data key: the page's data block and early reads are found by it; another key is another read. */
  key: string;
  /** The table whose changes change the answer. */
  table: LiveTableName;
  /** Reads the answer; `quiet`: in the background (catching up, after a change), without the loading bar. */
  read: (quiet: boolean) => Promise<Answer>;
  /** What is shown before any read has answered (an empty list). */
  initial: Answer;
  /** Applies one change to the answer; without it, the answer is read again (changes that come together, once). */
  applyChange?: (answer: Answer, change: RowChange<RowWithId>) => Answer;
  /** What a failed read is logged as (default `[<table>] load failed:`). */
  failureLabel?: string;
}

export interface LiveReadView<Answer> {
  /** Of the read for `key`: 'loading' until it answers (the answer shown meanwhile is the last one's). */
  status: LoadStatus;
  answer: Answer;
  /** No read has answered yet. */
  firstLoad: boolean;
  /** The visitor's "Try again": reads again at once. */
  retry: () => void;
}

interface ReadState<Answer> {
  /** The read this answer answers (undefined: none yet). */
  key: string | undefined;
  status: LoadStatus;
  answer: Answer;
}

/** Changes that come together (a sync touches many rows) are answered by one read. */
const rereadDelayMs = 200;

/** Whether two answers (JSON values) say the same: the same values, objects' keys in any order. */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => sameAnswer(value, b[index]))
    );
  }
  const aKeys = Object.keys(a);
  const bValues = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => Object.hasOwn(bValues, key) && sameAnswer((a as Record<string, unknown>)[key], bValues[key]),
    )
  );
}

/**
 * An answer read from the backend and kept live: the first read is a plain REST request (or the answer the page was
 * rendered with, or an early read); live updates (see tableChanges) start once the page is idle and catch up on
 * whatever changed before; each change is applied to the answer, or makes it read again. An answer that says what
 * the shown one says leaves the shown one as it is (the same object: nothing renders again, and the page keeps the
 * server's HTML). A failed read (refused, or past its deadline) is logged, leaves what was shown (`initial` at first,
 * status 'error'), never an exception, and is tried again by itself with backoff (see readRetry) until it succeeds,
 * so an open page recovers when the backend does. Only the newest read's answer is used: a late answer never
 * overwrites a newer one, nor another key's.
 */
export function useLiveRead<Answer>({
  key,
  table,
  read,
  initial,
  applyChange,
  failureLabel = `[${table}] load failed:`,
}: LiveRead<Answer>): LiveReadView<Answer> {
  // The answer the page was rendered with (on the server, and in the browser from the page's data block): no first read.
  const rendered = useSectionData<Answer>(key);
  const [state, setState] = useState<ReadState<Answer>>(() =>
    rendered !== undefined
      ? { key, status: 'ready', answer: rendered }
      : { key: undefined, status: 'loading', answer: initial },
  );
  // The page's answer answers its key's first read, until any read is made.
  const fromPage = useRef(rendered !== undefined ? key : undefined);
  // Bumped to read the same key again.
  const [revision, setRevision] = useState(0);
  const failures = useRef(0);
  // The changes applied while a read is on its way (undefined: none is): its answer may be older than they are.
  const changesDuringRead = useRef<RowChange<RowWithId>[] | undefined>(undefined);
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
    const stopWatching = watchTableChanges<RowWithId>(table, {
      onChange: (change) => {
        const apply = latest.current.applyChange;
        if (apply) {
          changesDuringRead.current?.push(change);
          setState((current) => ({ ...current, answer: apply(current.answer, change) }));
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
    // The same key again: the answer changed, or a retry; what is shown stays if this read fails.
    const again = readKey.current === key;
    if (!again) failures.current = 0;
    readKey.current = key;
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    changesDuringRead.current = [];
    (again ? latest.current.read(true) : (takePrefetched<Answer>(key) ?? latest.current.read(false)))
      .then((answer) => {
        if (cancelled) return;
        failures.current = 0;
        // A change that came while the read was on its way may be missing from its answer (a catch-up read sent
        // before the owner's edit, answered after it): applied again, it is not lost. Applying one twice is harmless.
        const changes = changesDuringRead.current ?? [];
        changesDuringRead.current = undefined;
        const apply = latest.current.applyChange;
        const next = apply ? changes.reduce(apply, answer) : answer;
        setState((current) =>
          current.key === key && sameAnswer(current.answer, next)
            ? current.status === 'ready'
              ? current
              : { ...current, status: 'ready' }
            : { key, status: 'ready', answer: next },
        );
      })
      .catch((error: unknown) => {
        changesDuringRead.current = undefined;
        if (cancelled) return;
        reportFailure(failureLabel, error);
        setState((current) =>
          current.key === key && current.status === 'ready'
            ? current
            : { key, status: 'error', answer: initial },
        );
        failures.current += 1;
        retryTimer = setTimeout(() => setRevision((count) => count + 1), retryDelayMs(failures.current));
      });
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
    };
    // `initial` is what an error shows: a value, not a reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, table, revision, failureLabel]);

  const retry = useCallback(() => {
    setState((current) => (current.status === 'error' ? { ...current, status: 'loading' } : current));
    setRevision((count) => count + 1);
  }, []);
  return {
    status: state.key === key ? state.status : 'loading',
    answer: state.answer,
    firstLoad: state.key === undefined,
    retry,
  };
}

/** An empty list, the same one each time (a new one would read as a change). */
const noRows: never[] = [];

/**
 * Every visible row of the table (or those the filter keeps), in its order, kept live (useLiveRead): each Realtime
 * change is applied in place.
 */
export function useLiveTable<Row extends RowWithId, Item>(
  table: LiveTableName,
  toItem: (row: Row) => Item,
  order: LiveTableOrder<Row>,
  filter?: TableFilter,
): { status: LoadStatus; items: Item[]; retry: () => void } {
  const { column, ascending } = order;
  const key = tableKey(table, { column, ascending }, filter);
  const read = useCallback(
    (quiet: boolean) => readTable<Row>(table, { column, ascending }, filter, quiet),
    // The key names the filter: the same key, the same read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const applyChange = useCallback(
    (rows: Row[], change: RowChange<RowWithId>) =>
      applyRowChange(rows, change as RowChange<Row>, compareRows<Row>({ column, ascending })),
    [column, ascending],
  );
  const { status, answer, retry } = useLiveRead<Row[]>({ key, table, read, initial: noRows, applyChange });
  const items = useMemo(() => answer.map(toItem), [answer, toItem]);
  return { status, items, retry };
}
