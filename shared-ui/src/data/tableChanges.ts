// The owner's edits to a public table, as they happen: the page's one Realtime connection (Supabase Realtime over a
// WebSocket). Only @supabase/realtime-js is loaded for it (~17 KB compressed), not all of supabase-js (~48 KB), and
// only once the page is idle, so live updates start within a second or two of the page opening without competing
// with its first paint. The publishable key is the only credential: row-level security decides what arrives.
import type { RealtimeClient, RealtimePostgresChangesPayload } from '@supabase/realtime-js';
import { deadlines } from '@site/shared-ui/deadlines';
import { reportFailure } from '@site/shared-ui/pageLeaving';
import { supabaseConfig, type SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import { whenPageIdle } from '@site/shared-ui/whenPageIdle';

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

export interface TableWatch<Row> {
  /** A row was inserted, updated or deleted. */
  onChange: (change: RowChange<Row>) => void;
  /**
   * The subscription is live (at start, and again after a reconnection): changes made before it was live were not
   * delivered, so the caller catches up by loading afresh.
   */
  onLive: () => void;
}

/** Where Supabase Realtime listens for a project: its URL with ws(s) and /realtime/v1, as supabase-js builds it. */
export function realtimeEndpoint(backendUrl: string): string {
  const url = new URL('realtime/v1', backendUrl.endsWith('/') ? backendUrl : `${backendUrl}/`);
  url.protocol = url.protocol.replace(/^http/, 'ws');
  return url.href;
}

/** A postgres_changes payload as the change of one row (realtime-js gives `{}` for a missing new or old row). */
export function toRowChange<Row extends RowWithId>(
  payload: Pick<RealtimePostgresChangesPayload<Row>, 'eventType' | 'new' | 'old'>,
): RowChange<Row> {
  return {
    type: payload.eventType,
    record: payload.eventType === 'DELETE' ? null : (payload.new as Row),
    oldId: (payload.old as Partial<Row> | undefined)?.id ?? null,
  };
}

/**
 * A WebSocket that gives up opening after `ms`: a hung backend accepts the connection and never answers, and the
 * browser would wait minutes. Closing it lets realtime-js open another, with its backoff, until the backend answers.
 */
export function socketWithDeadline(Base: typeof WebSocket, ms: number): typeof WebSocket {
  return class SocketWithDeadline extends Base {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const timer = setTimeout(() => {
        if (this.readyState === Base.CONNECTING) this.close();
      }, ms);
      const done = () => clearTimeout(timer);
      this.addEventListener('open', done);
      this.addEventListener('close', done);
    }
  };
}

function connect(config: SupabaseRuntimeConfig, Client: typeof RealtimeClient): RealtimeClient {
  return new Client(realtimeEndpoint(config.url), {
    params: { apikey: config.publishableKey },
    accessToken: () => Promise.resolve(config.publishableKey),
    // Deadlines: the socket opens in time, and each answer (join, heartbeat) comes in time, or the socket is closed
    // and opened again; each time it is live again, the watchers catch up (onLive).
    transport: socketWithDeadline(WebSocket, deadlines.realtimeMs),
    timeout: deadlines.realtimeMs,
    heartbeatIntervalMs: deadlines.realtimeHeartbeatMs,
  });
}

let client: Promise<RealtimeClient> | undefined;
let channelCount = 0;

/** The page's one Realtime client (one socket for every table), created once the page is idle. */
function realtimeClient(): Promise<RealtimeClient> {
  client ??= Promise.all([whenPageIdle().then(() => import('@supabase/realtime-js')), supabaseConfig()])
    .then(([{ RealtimeClient }, config]) => connect(config, RealtimeClient))
    .catch((error: unknown) => {
      // A chunk that failed to arrive may arrive for the next page that asks.
      client = undefined;
      throw error;
    });
  return client;
}

function logUnavailable(table: string, reason: unknown) {
  reportFailure(`[${table}] live updates unavailable:`, reason);
}

/**
 * Follows the table's changes until the returned function is called. Problems (the chunk or the socket) are logged
 * with the table's label and leave the page as it is; realtime-js reconnects by itself, and onLive tells the caller
 * to catch up when it has.
 */
export function watchTableChanges<Row extends RowWithId>(table: string, watch: TableWatch<Row>): () => void {
  let stopped = false;
  let leave: (() => void) | undefined;
  realtimeClient()
    .then((realtime) => {
      if (stopped) return;
      const channel = realtime
        .channel(`live-${table}-${(channelCount += 1)}`)
        .on<Row>('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
          if (!stopped) watch.onChange(toRowChange<Row>(payload));
        })
        .subscribe((status, error) => {
          if (stopped) return;
          if (status === 'SUBSCRIBED') watch.onLive();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
            logUnavailable(table, error ?? status);
        });
      leave = () => void realtime.removeChannel(channel);
    })
    .catch((error: unknown) => {
      if (!stopped) logUnavailable(table, error);
    });
  return () => {
    stopped = true;
    leave?.();
  };
}
