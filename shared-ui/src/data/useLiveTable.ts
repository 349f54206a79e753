// A public table kept live in the page: loaded once, then patched by Supabase Realtime as the owner edits rows.
import { useEffect, useMemo, useState } from 'react';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@site/shared-ui/supabaseClient';
import { IGNORE_LOADING_BAR_HEADER } from '@site/shared-ui/fetchWithLoadingBar';

export type LiveTableName = 'projects' | 'courses' | 'testimonials' | 'ads' | 'videos';
export type LoadStatus = 'loading' | 'ready' | 'error';

interface RowWithId {
  id: string;
}

export interface RowChange<Row> {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The row after the change (INSERT, UPDATE). */
  record: Row | null;
  /** The id of the row before the change (UPDATE, DELETE). */
  oldId: string | null;
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

let channelCount = 0;

/**
 * Loads every visible row of the table and applies Realtime changes as they come. A failed load is logged with an
 * error label and leaves what was already shown (an empty list at first), never an exception.
 */
export function useLiveTable<Row extends RowWithId, Item>(
  table: LiveTableName,
  toItem: (row: Row) => Item,
  order: LiveTableOrder<Row>,
): { status: LoadStatus; items: Item[] } {
  const [state, setState] = useState<LiveTableState<Row>>({ status: 'loading', rows: [] });
  const { column, ascending } = order;

  useEffect(() => {
    const compare = compareRows<Row>({ column, ascending });
    let cancelled = false;
    let channel: RealtimeChannel | undefined;
    let supabase: SupabaseClient | undefined;

    const load = async (client: SupabaseClient, quietly: boolean) => {
      let query = client.from(table).select('*').order(column, { ascending });
      if (quietly) query = query.setHeader(IGNORE_LOADING_BAR_HEADER, 'true');
      const { data, error } = await query;
      if (cancelled) return;
      if (error) {
        console.error(`[${table}] load failed:`, error.message);
        setState((current) => ({ ...current, status: current.status === 'ready' ? 'ready' : 'error' }));
        return;
      }
      setState({ status: 'ready', rows: (data as Row[]).slice().sort(compare) });
    };

    getSupabase()
      .then((client) => {
        if (cancelled) return;
        supabase = client;
        const firstLoad = load(client, false);
        channel = client
          .channel(`live-${table}-${(channelCount += 1)}`)
          .on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
            const change: RowChange<Row> = {
              type: payload.eventType,
              record: payload.eventType === 'DELETE' ? null : (payload.new as Row),
              oldId: (payload.old as Partial<Row> | undefined)?.id ?? null,
            };
            setState((current) => ({ ...current, rows: applyRowChange(current.rows, change, compare) }));
          })
          .subscribe((status, error) => {
            if (status === 'SUBSCRIBED') {
              // Catch up on changes made before the subscription was live (at start, or while reconnecting).
              void firstLoad.then(() => load(client, true));
            } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
              console.error(`[${table}] live updates unavailable:`, error?.message ?? status);
            }
          });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error(`[${table}] load failed:`, error instanceof Error ? error.message : error);
        setState((current) => ({ ...current, status: 'error' }));
      });

    return () => {
      cancelled = true;
      if (supabase && channel) void supabase.removeChannel(channel);
    };
  }, [table, column, ascending]);

  const items = useMemo(() => state.rows.map(toItem), [state.rows, toItem]);
  return { status: state.status, items };
}
