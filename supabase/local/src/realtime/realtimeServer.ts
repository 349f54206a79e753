// /realtime/v1/websocket: the part of Supabase Realtime that supabase-js's postgres_changes use, over the Phoenix
// channel protocol (vsn 2.0.0 array frames; 1.0.0 object frames too): join with the bindings' ids in the reply,
// heartbeat, leave, access_token updates (a user's JWT changes a channel's role; an API key or null, which supabase-js
// sends at sign-out, leaves it, as on hosted Realtime). Changes come from the local triggers of realtime-triggers.sql
// through LISTEN; before an INSERT or UPDATE reaches a subscriber, the row is read back as the subscriber's role, so
// row-level security decides exactly as it does on a hosted project. The messages have hosted Realtime's shape
// (realtime.apply_rls): `record` on INSERT and UPDATE, `old_record` on UPDATE and DELETE, the commit's time, and a
// DELETE's old record is its primary key unless the table has REPLICA IDENTITY FULL and no row-level security (a
// deleted row cannot be checked against policies, so hosted sends only the key). DELETEs are not filtered by RLS.
// Broadcast and presence are not part of this stand-in: a push of either gets an error reply.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { isOpaqueApiKey, type RequestAuth, type RequestIdentity } from '../auth/requestAuth.ts';
import { inRequestTransaction } from '../database/requestTransaction.ts';
import { exposedSchema, type RelationInfo, type SchemaCache } from '../rest/schemaCache.ts';
import { Params, quoteIdent } from '../rest/sqlBuilder.ts';
import { matchesChangeFilter, parseChangeFilter, type ChangeFilter } from './changeFilter.ts';

export const changeChannel = 'supabase_local_realtime';

type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

interface ChangeMessage {
  schema: string;
  table: string;
  type: ChangeType;
  /** When the transaction committed, as Realtime prints it (2026-11-27T10:00:00.000Z). */
  commit_timestamp: string;
  truncated?: boolean;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

interface Binding {
  id: number;
  /** What the client sent, echoed verbatim in the join reply (the client compares them). */
  requested: { event: string; schema: string; table?: string; filter?: string };
  event: '*' | ChangeType;
  schema: string;
  table?: string;
  filter?: ChangeFilter;
}

interface Channel {
  topic: string;
  joinRef: string | null;
  identity: RequestIdentity;
  bindings: Binding[];
}

interface Client {
  socket: WebSocket;
  vsn: '1.0.0' | '2.0.0';
  identity: RequestIdentity;
  channels: Map<string, Channel>;
  /** The client's frames, handled one after the other (a token is checked before the next frame is read). */
  frames: Promise<void>;
}

interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

let nextBindingId = 1;

export interface RealtimeOptions {
  db: () => PGlite;
  schema: SchemaCache;
  auth: RequestAuth;
  log: (line: string) => void;
}

/** A hosted project's quotas per socket: more channels, or more changes followed on one channel, are refused at join
 *  (each binding costs the server work on every change of its table). */
export const realtimeLimits = { channelsPerSocket: 100, bindingsPerChannel: 100 } as const;

export class RealtimeServer {
  /** A frame larger than this closes the socket (1009): Realtime's own messages are small. */
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  private readonly clients = new Set<Client>();
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: RealtimeOptions) {}

  /** Subscribes to the database's change notifications (again after the database was replaced). */
  async listen(): Promise<void> {
    this.unlisten = await this.options.db().listen(changeChannel, (payload) => {
      // One change at a time, in commit order.
      this.queue = this.queue
        .then(() => this.dispatch(payload))
        .catch((error: unknown) => {
          this.options.log(
            `realtime: could not deliver a change: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
    });
  }

  /** Resolves once every change received so far has been delivered. */
  async idle(): Promise<void> {
    await this.queue;
  }

  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const apiKey = url.searchParams.get('apikey') ?? (request.headers.apikey as string | undefined);
    const auth = apiKey === undefined ? undefined : await this.options.auth.identityFromApiKey(apiKey);
    if (!auth?.ok) {
      const message = apiKey === undefined ? 'No API key found in request' : 'Invalid API key';
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message })}`,
      );
      return;
    }
    const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const client: Client = {
        socket: ws,
        vsn,
        identity: auth.identity,
        channels: new Map(),
        frames: Promise.resolve(),
      };
      this.clients.add(client);
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        client.frames = client.frames
          .then(() => this.receive(client, data))
          .catch((error: unknown) => {
            // One client's strange frame must not take the socket server (and the backend) down; it is logged.
            this.options.log(
              `realtime: a frame could not be handled (${String(data).slice(0, 120)}): ${error instanceof Error ? error.stack : String(error)}`,
            );
          });
      });
      ws.on('close', () => this.clients.delete(client));
      ws.on('error', () => this.clients.delete(client));
    });
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    await this.stopListening();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  async stopListening(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten) await unlisten().catch(() => undefined);
  }

  private send(client: Client, frame: Frame): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    const message =
      client.vsn === '2.0.0'
        ? [frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]
        : {
            join_ref: frame.joinRef,
            ref: frame.ref,
            topic: frame.topic,
            event: frame.event,
            payload: frame.payload,
          };
    client.socket.send(JSON.stringify(message));
  }

  private reply(
    client: Client,
    frame: Frame,
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ): void {
    this.send(client, {
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async receive(client: Client, data: RawData): Promise<void> {
    let frame: Frame;
    try {
      const parsed = JSON.parse(data.toString()) as unknown;
      if (Array.isArray(parsed)) {
        const [joinRef, ref, topic, event, payload] = parsed as [
          string | null,
          string | null,
          string,
          string,
          Record<string, unknown>,
        ];
        frame = { joinRef, ref, topic, event, payload: payload ?? {} };
      } else {
        const object = parsed as {
          join_ref?: string | null;
          ref?: string | null;
          topic: string;
          event: string;
          payload?: Record<string, unknown>;
        };
        frame = {
          joinRef: object.join_ref ?? null,
          ref: object.ref ?? null,
          topic: object.topic,
          event: object.event,
          payload: object.payload ?? {},
        };
      }
      if (typeof frame.topic !== 'string' || typeof frame.event !== 'string') throw new Error('bad frame');
    } catch {
      return; // not a Phoenix frame; Phoenix ignores it too
    }

    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      this.reply(client, frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') {
      await this.join(client, frame);
      return;
    }
    const channel = client.channels.get(frame.topic);
    if (!channel) {
      this.reply(client, frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        client.channels.delete(frame.topic);
        this.reply(client, frame, 'ok', {});
        this.send(client, {
          joinRef: channel.joinRef,
          ref: frame.ref,
          topic: frame.topic,
          event: 'phx_close',
          payload: {},
        });
        return;
      case 'access_token':
        await this.updateToken(client, channel, frame);
        return;
      case 'broadcast':
      case 'presence':
        this.reply(client, frame, 'error', {
          reason: `${frame.event === 'broadcast' ? 'Broadcast' : 'Presence'} is not supported by the local stand-in`,
        });
        return;
      default:
        // Anything else is ignored, as hosted Realtime ignores a message type it does not know.
        return;
    }
  }

  /**
   * A channel's identity from the token of its join, as hosted Realtime reads it: a user's JWT is checked and decides;
   * an API key (supabase-js sends its key when no user is signed in) or no token leaves it to the socket's own key.
   */
  private async identityFor(client: Client, token: unknown): Promise<RequestIdentity | string> {
    if (typeof token !== 'string' || token === '' || isOpaqueApiKey(token)) return client.identity;
    const auth = await this.options.auth.identityFromToken(token);
    return auth.ok ? auth.identity : auth.failure.message;
  }

  private async join(client: Client, frame: Frame): Promise<void> {
    const identity = await this.identityFor(client, frame.payload.access_token);
    if (typeof identity === 'string') {
      this.reply(client, frame, 'error', { reason: `Invalid token: ${identity}` });
      return;
    }
    const config = (frame.payload.config ?? {}) as {
      postgres_changes?: unknown;
      presence?: { enabled?: boolean };
    };
    const requested = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as Binding['requested'][])
      : [];
    if (!client.channels.has(frame.topic) && client.channels.size >= realtimeLimits.channelsPerSocket) {
      this.reply(client, frame, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    if (requested.length > realtimeLimits.bindingsPerChannel) {
      this.reply(client, frame, 'error', {
        reason: `Unable to subscribe to changes with given parameters: at most ${realtimeLimits.bindingsPerChannel} per channel`,
      });
      return;
    }
    const bindings: Binding[] = [];
    try {
      for (const entry of requested) bindings.push(this.binding(entry));
    } catch (error) {
      this.reply(client, frame, 'error', {
        reason: `Unable to subscribe to changes with given parameters: ${error instanceof Error ? error.message : String(error)}`,
      });
      return;
    }
    client.channels.set(frame.topic, { topic: frame.topic, joinRef: frame.joinRef, identity, bindings });
    this.reply(client, frame, 'ok', {
      postgres_changes: bindings.map((binding) => ({ ...binding.requested, id: binding.id })),
    });
    if (bindings.length > 0) {
      this.send(client, {
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'system',
        payload: {
          channel: frame.topic.replace(/^realtime:/, ''),
          extension: 'postgres_changes',
          message: 'Subscribed to PostgreSQL',
          status: 'ok',
        },
      });
    }
    if (config.presence?.enabled) {
      this.send(client, {
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'presence_state',
        payload: {},
      });
    }
  }

  private binding(entry: Binding['requested']): Binding {
    const event = String(entry.event ?? '').toUpperCase();
    if (event !== '*' && event !== 'INSERT' && event !== 'UPDATE' && event !== 'DELETE')
      throw new Error(`unknown event "${entry.event}"`);
    if (entry.schema !== exposedSchema && entry.schema !== '*')
      throw new Error(`schema "${entry.schema}" is not available`);
    const table =
      entry.table === undefined || entry.table === null || entry.table === '*' ? undefined : entry.table;
    let relation: RelationInfo | undefined;
    if (table !== undefined) {
      relation = this.options.schema.relations.get(table);
      if (!relation) throw new Error(`table "${table}" does not exist`);
    }
    let filter: ChangeFilter | undefined;
    if (entry.filter !== undefined && entry.filter !== null && entry.filter !== '') {
      filter = parseChangeFilter(entry.filter);
      if (relation && !relation.columns.has(filter.column))
        throw new Error(`column "${filter.column}" does not exist on "${table}"`);
    }
    return {
      id: nextBindingId++,
      requested: entry,
      event: event as Binding['event'],
      schema: exposedSchema,
      ...(table !== undefined && { table }),
      ...(filter !== undefined && { filter }),
    };
  }

  /**
   * A token for a joined channel. Hosted Realtime answers none of these: an API key, or null (supabase-js sends it at
   * sign-out), leaves the channel as it is until it joins again; a JWT is checked, and the channel takes it, or is
   * closed with the reason.
   */
  private async updateToken(client: Client, channel: Channel, frame: Frame): Promise<void> {
    const token = frame.payload.access_token;
    if (typeof token !== 'string' || isOpaqueApiKey(token)) return;
    const auth = await this.options.auth.identityFromToken(token);
    if (!auth.ok) {
      this.send(client, {
        joinRef: channel.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'system',
        payload: {
          channel: frame.topic.replace(/^realtime:/, ''),
          extension: 'system',
          message: `Invalid token: ${auth.failure.message}`,
          status: 'error',
        },
      });
      client.channels.delete(frame.topic);
      this.send(client, {
        joinRef: channel.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'phx_close',
        payload: {},
      });
      return;
    }
    channel.identity = auth.identity;
  }

  private async rowByKey(
    relation: RelationInfo,
    key: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> {
    const params = new Params();
    const where = relation.primaryKey
      .map(
        (name) =>
          `_t.${quoteIdent(name)} = ${params.add(String(key[name]), relation.columns.get(name)?.sqlType ?? 'text')}`,
      )
      .join(' and ');
    const result = await this.options
      .db()
      .query<{ row: Record<string, unknown> }>(
        `select pg_catalog.to_jsonb(_t) as row from ${exposedSchema}.${quoteIdent(relation.name)} as _t where ${where}`,
        params.values,
      );
    return result.rows[0]?.row;
  }

  /** Whether the row is visible to a role: read back by primary key as that role, under row-level security. */
  private async visibleTo(
    identity: RequestIdentity,
    relation: RelationInfo,
    record: Record<string, unknown>,
  ): Promise<boolean> {
    if (relation.primaryKey.length === 0) return identity.role === 'service_role';
    const params = new Params();
    const where = relation.primaryKey
      .map(
        (name) =>
          `_t.${quoteIdent(name)} = ${params.add(String(record[name]), relation.columns.get(name)?.sqlType ?? 'text')}`,
      )
      .join(' and ');
    try {
      return await inRequestTransaction(
        this.options.db(),
        { identity, method: 'GET', path: `/realtime/v1/${relation.name}`, headers: {} },
        async (tx) => {
          const result = await tx.query(
            `select 1 from ${exposedSchema}.${quoteIdent(relation.name)} as _t where ${where}`,
            params.values,
          );
          return result.rows.length > 0;
        },
      );
    } catch {
      return false; // no privilege at all: not visible
    }
  }

  private async dispatch(payload: string): Promise<void> {
    if (this.clients.size === 0) return;
    const change = JSON.parse(payload) as ChangeMessage;
    if (change.schema !== exposedSchema) return;
    let relation = this.options.schema.relations.get(change.table);
    if (!relation) {
      await this.options.schema.refreshIfStale();
      relation = this.options.schema.relations.get(change.table);
      if (!relation) return;
    }
    let record = change.record;
    if (change.truncated && record) {
      record = (await this.rowByKey(relation, record)) ?? null;
      if (!record) return; // gone again before we could read it
    }
    const keyOnly = (row: Record<string, unknown> | null): Record<string, unknown> =>
      Object.fromEntries(relation.primaryKey.map((name) => [name, row?.[name]]));
    const wholeOldRow =
      relation.replicaIdentityFull &&
      !change.truncated &&
      (change.type === 'UPDATE' || !relation.rowLevelSecurity);
    const oldRecord = wholeOldRow ? (change.old_record ?? {}) : keyOnly(change.old_record);
    const row = change.type === 'DELETE' ? oldRecord : (record ?? {});

    const data = {
      schema: change.schema,
      table: change.table,
      commit_timestamp: change.commit_timestamp,
      type: change.type,
      columns: [...relation.columns.values()].map((column) => ({ name: column.name, type: column.typeName })),
      ...(change.type !== 'DELETE' && { record: row }),
      ...(change.type !== 'INSERT' && { old_record: oldRecord }),
      errors: null,
    };

    const visibility = new Map<string, Promise<boolean>>();
    const filterResults = new Map<string, Promise<boolean | undefined>>();
    for (const client of this.clients) {
      for (const channel of client.channels.values()) {
        const candidates: Binding[] = [];
        for (const binding of channel.bindings) {
          if (binding.event !== '*' && binding.event !== change.type) continue;
          if (binding.table !== undefined && binding.table !== change.table) continue;
          if (binding.filter) {
            const key = `${binding.filter.column}\u0000${binding.filter.operator}\u0000${binding.filter.values.join('\u0000')}`;
            let matches = filterResults.get(key);
            if (!matches) {
              matches = matchesChangeFilter(this.options.db(), relation, binding.filter, row);
              filterResults.set(key, matches);
            }
            if ((await matches) === false) continue;
          }
          candidates.push(binding);
        }
        if (candidates.length === 0) continue;
        if (change.type !== 'DELETE') {
          const key = `${channel.identity.role}:${JSON.stringify(channel.identity.claims)}`;
          let visible = visibility.get(key);
          if (!visible) {
            visible = this.visibleTo(channel.identity, relation, row);
            visibility.set(key, visible);
          }
          if (!(await visible)) continue;
        }
        this.send(client, {
          joinRef: null,
          ref: null,
          topic: channel.topic,
          event: 'postgres_changes',
          payload: { ids: candidates.map((binding) => binding.id), data },
        });
      }
    }
  }
}
