// The local stand-in for a Supabase project: one HTTP and WebSocket server on 127.0.0.1:54321 that answers what the
// site's supabase-js calls need, backed by PGlite running the same migrations and seed as production.
//   /rest/v1/...                          PostgREST subset            (rest/restApi.ts)
//   /realtime/v1/websocket                Realtime postgres_changes   (realtime/realtimeServer.ts)
//   /functions/v1/<name>                  Edge Functions in Deno      (functions/functionHost.ts)
//   /storage/v1/object/public/<bucket>/.. public Storage bucket       (storage/publicObjects.ts)
// A development and test tool, never a production backend.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { JSONWebKeySet } from 'jose';
import { RequestAuth } from './auth/requestAuth.ts';
import { createTokenAuthority, type JwtClaims } from './auth/tokens.ts';
import { configuredPort } from './configToml.ts';
import {
  openDatabase,
  openMemoryDatabase,
  wipeDataDir,
  type OpenedDatabase,
} from './database/openDatabase.ts';
import { DenoRuntime } from './functions/denoRuntime.ts';
import {
  FunctionHost,
  hostedFunctionVariables,
  scheduledCallHeaders,
  type ProjectKeyKind,
} from './functions/functionHost.ts';
import { corsHeaders, preflightHeaders, siteOrigins } from './http/cors.ts';
import {
  crossSiteRefusal,
  hostAllowed,
  localHostnames,
  socketOriginAllowed,
  writeMethods,
} from './http/crossSiteGuard.ts';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_SUPABASE_PORT,
} from './localKeys.ts';
import { LOCAL_MAIL_LINK_SECRET, LOCAL_RESEND_WEBHOOK_SECRET } from './localMailSecrets.ts';
import { paths } from './paths.ts';
import { RealtimeServer } from './realtime/realtimeServer.ts';
import { ApiError } from './rest/apiError.ts';
import { RestApi } from './rest/restApi.ts';
import { SchemaCache } from './rest/schemaCache.ts';
import { servePublicObject } from './storage/publicObjects.ts';

export {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_SUPABASE_PORT,
  LOCAL_SUPABASE_URL,
} from './localKeys.ts';
export { signLegacyToken } from './auth/tokens.ts';

export interface LocalSupabaseOptions {
  /** Port to listen on; 0 picks a free one. Default: [api] port of config.toml (54321). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Persisted data directory (default supabase/.local/db), or 'memory' for a throwaway copy of the seeded data. */
  dataDir?: string;
  /** No per-request log lines. */
  quiet?: boolean;
  /** Where log lines go (default console.log). */
  log?: (line: string) => void;
  /** Origins allowed by CORS besides the site's own (localhost / 127.0.0.1, ports 3000-3004 and their offset). */
  corsOrigins?: string[];
  /** Folder of edge functions (default supabase/functions). */
  functionsDir?: string;
  /** Public Storage buckets: name -> folder (default { content: supabase/storage/content }). */
  publicBuckets?: Record<string, string>;
  /** config.toml to read [functions.<name>] verify_jwt from (default supabase/config.toml). */
  configToml?: string;
  /** Rows per response at most, as [api] max_rows (default 1000). */
  maxRows?: number;
  /**
   * The API keys the project has. 'current' (default), as a project created today: the publishable and secret keys
   * the Supabase CLI prints (the API also takes the legacy JWT keys; the functions are given the new keys only).
   * 'legacy', as a project created before them: only the legacy anon and service_role JWTs (publishable and secret
   * keys are refused, and functions get only the legacy variables). 'both', as such a project once it has created the
   * new keys: the publishable and secret keys are its keys, and functions get the legacy variables beside them, as
   * Supabase gives them even once the legacy keys are disabled.
   */
  apiKeys?: ProjectKeyKind;
  /** The wall clock limit of a function call (default 150 s, as on a hosted project's free plan). */
  functionWallClockMs?: number;
  /** Start the functions' runtime at once, beside the database, with every function loaded, rather than at the first
   *  call (default: when a schedule is given, as npm start and the end-to-end tests run it). Needs a port other
   *  than 0: the functions' SUPABASE_URL is known before listening. */
  startFunctions?: boolean;
  /** Functions run on a schedule, as pg_cron runs them on a hosted project: name -> every so many milliseconds
   *  (default: none). Each is POSTed `{}` with the secret key at start and then at that interval, one run at a time. */
  schedule?: Record<string, number>;
  /** Purge old mail records (public.purge_mail_records) and destroy the visitor salts of days that are over
   *  (public.rotate_visitor_salts) at start and this often, as pg_cron does on a hosted project; 0: never (default). */
  mailPurgeEveryMs?: number;
}

export interface LocalSupabase {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The key the site uses: the publishable key (with apiKeys 'legacy': the anon key). */
  publishableKey: string;
  /** The key servers and the owner use: the secret key (with apiKeys 'legacy': the service-role key). */
  secretKey: string;
  /** The legacy anon and service-role keys (JWTs) and the secret that signs them: accepted in either mode. */
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** The public half of the key the stand-in signs its tokens with (served at /auth/v1/.well-known/jwks.json). */
  jwks: JSONWebKeySet;
  /** Signs claims as this project's Auth would (a user's token, in tests). */
  signToken(claims: JwtClaims): Promise<string>;
  /** 'memory' or the data directory. */
  dataDir: string;
  /** Milliseconds from the call to listening. */
  startupMs: number;
  /** The embedded database, as the postgres superuser (tests). */
  readonly db: PGlite;
  /** Replaces all data with the pristine seeded data (in memory: reloads the snapshot; persisted: re-creates). */
  reset(): Promise<void>;
  /** After SQL run directly on `db` changed tables, functions or the publication: re-reads the catalogue and
   *  re-installs the Realtime triggers, as PostgREST's schema reload does. */
  reloadSchema(): Promise<void>;
  /** Resolves when every database change so far has been offered to Realtime subscribers. */
  realtimeIdle(): Promise<void>;
  stop(): Promise<void>;
}

function headerRecord(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** A request's URL for the log: an API key passed as ?apikey= (a secret key, maybe) is never written down. */
export function withoutApiKey(rawUrl: string): string {
  return rawUrl.replace(/([?&]apikey=)[^&]*/gi, '$1[key]');
}

const maxBodyBytes = 2 * 1024 * 1024;

/** What the scheduled functions ask over and over, left out of the request log. */
const scheduledCalls = new Set([
  '/rest/v1/rpc/claim_mail_outbox',
  '/rest/v1/rpc/newsletter_digest_since',
  '/rest/v1/rpc/queue_due_newsletter_issues',
  '/rest/v1/rpc/claim_newsletter_batches',
  '/rest/v1/rpc/queue_weekly_owner_report',
  // The site server's fediverse account looks for new posts and due deliveries every few seconds.
  '/rest/v1/rpc/claim_fediverse_posts',
  '/rest/v1/rpc/claim_fediverse_messages',
]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes)
      throw new ApiError(
        413,
        'PGRST413',
        'Payload too large',
        `The body is larger than ${maxBodyBytes} bytes`,
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function installRealtimeTriggers(db: PGlite): Promise<void> {
  await db.exec(readFileSync(paths.realtimeTriggersFile, 'utf8'));
}

/**
 * What the functions get from the stand-in unless the environment says otherwise (tests of the fail-closed paths).
 * It is the gateway in front of them: it sets X-Forwarded-For from the socket (functions/functionHost.ts), so the
 * functions may trust its last entry; it alone enables the contact form's development token, for offline work; and
 * the mail's own keys are public local values (localMailSecrets.ts), so links and webhook events work offline.
 */
const functionDefaults = {
  CLIENT_IP_HEADER: 'x-forwarded-for',
  CLIENT_IP_TRUSTED_HOPS: '1',
  RECAPTCHA_ACCEPT_DEVELOPMENT_TOKEN: 'true',
  MAIL_LINK_SECRET: LOCAL_MAIL_LINK_SECRET,
  RESEND_WEBHOOK_SECRET: LOCAL_RESEND_WEBHOOK_SECRET,
};

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? configuredPort();
  const jwtSecret = LOCAL_JWT_SECRET;
  const legacyKeysOnly = options.apiKeys === 'legacy';
  const projectKeys = legacyKeysOnly
    ? { publishable: LOCAL_ANON_KEY, secret: LOCAL_SERVICE_ROLE_KEY }
    : { publishable: LOCAL_PUBLISHABLE_KEY, secret: LOCAL_SECRET_KEY };
  const tokens = await createTokenAuthority(jwtSecret);
  const auth = new RequestAuth(tokens, legacyKeysOnly ? {} : projectKeys);
  const functionsDir = options.functionsDir ?? paths.functionsDir;
  const buckets = options.publicBuckets ?? { content: paths.storageContentDir };

  // Known before listening when a port is given, so the functions' runtime can start beside the database.
  let url = requestedPort === 0 ? '' : `http://${host}:${requestedPort}`;
  // The functions' environment: this process's (the secrets npm start and the tests pass on), the variables a hosted
  // project gives (hostedFunctionVariables), and what the stand-in sets as their gateway (functionDefaults).
  const functionEnvironment = (): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
    for (const [name, value] of Object.entries(functionDefaults)) env[name] ??= value;
    const provided = {
      ...hostedFunctionVariables({
        url,
        kind: options.apiKeys ?? 'current',
        keys: projectKeys,
        legacyKeys: { anon: LOCAL_ANON_KEY, serviceRole: LOCAL_SERVICE_ROLE_KEY },
        jwks: tokens.jwks,
      }),
      // Says where the functions run: only here may a test point them at a fake of a third party on this machine
      // (functions/_shared/loopbackOverride.ts). Hosted Supabase reserves the SUPABASE_ prefix.
      SUPABASE_LOCAL_STAND_IN: 'true',
    };
    for (const [name, value] of Object.entries(provided)) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    return env;
  };
  const startFunctionsNow =
    url !== '' && (options.startFunctions ?? Object.keys(options.schedule ?? {}).length > 0);
  const runtime = new DenoRuntime({
    functionsDir,
    readDirs: [paths.functionsDir],
    env: functionEnvironment,
    log,
    warm: startFunctionsNow,
  });
  if (startFunctionsNow) {
    runtime.start().catch((error: unknown) => log(`functions: ${(error as Error).message}`));
  }

  let opened: OpenedDatabase = await openDatabase({
    dataDir: options.dataDir ?? `${paths.stateDir}/db`,
    log,
  });
  let db: PGlite = opened.db;
  await installRealtimeTriggers(db);
  const schema = new SchemaCache(() => db);
  await schema.load();
  const realtime = new RealtimeServer({ db: () => db, schema, auth, log });
  await realtime.listen();
  const rest = new RestApi({ db: () => db, schema, maxRows: options.maxRows ?? 1000 });

  const functions = new FunctionHost({
    configToml: options.configToml ?? paths.configToml,
    auth,
    runtime,
    log,
    ...(options.functionWallClockMs !== undefined && { wallClockMs: options.functionWallClockMs }),
  });
  let allowedOrigins = new Set<string>();
  const hostnames = localHostnames(host, options.corsOrigins);
  // Requests wait while reset() swaps the database, and reset() waits for the requests under way.
  let ready: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let drained: () => void = () => undefined;

  async function resetData(): Promise<void> {
    let release: () => void = () => undefined;
    ready = new Promise<void>((resolve) => (release = resolve));
    try {
      await realtime.stopListening();
      await realtime.idle();
      if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
      await opened.close();
      if (opened.location === 'memory') {
        db = await openMemoryDatabase(opened.snapshot);
        const snapshot = opened.snapshot;
        opened = { db, location: 'memory', how: 'memory', snapshot, close: () => db.close() };
      } else {
        wipeDataDir(opened.location);
        opened = await openDatabase({ dataDir: opened.location, log });
        db = opened.db;
      }
      await installRealtimeTriggers(db);
      await schema.load();
      await realtime.listen();
    } finally {
      release();
    }
  }

  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    rawPath: string,
    url: URL,
  ): Promise<void> {
    const origin = request.headers.origin;
    const method = request.method ?? 'GET';

    const cors = corsHeaders(origin, allowedOrigins);
    const refusal = crossSiteRefusal(
      {
        apiWrite: (rawPath === '/rest/v1' || rawPath.startsWith('/rest/v1/')) && writeMethods.has(method),
        origin,
        contentType: request.headers['content-type'],
        hasBody:
          Number(request.headers['content-length'] ?? 0) > 0 ||
          request.headers['transfer-encoding'] !== undefined,
        queryApiKey: url.searchParams.get('apikey'),
      },
      allowedOrigins,
    );
    if (refusal && method !== 'OPTIONS') {
      sendJson(response, refusal.status, refusal.body(), cors);
      return;
    }
    // A function answers its own preflight, as on a hosted project.
    if (rawPath.startsWith('/functions/v1/')) {
      await functions.handle(request, response, url, rawPath.slice('/functions/v1/'.length));
      return;
    }
    if (method === 'OPTIONS') {
      const preflight = preflightHeaders(origin, allowedOrigins);
      response.writeHead(preflight.status, preflight.headers);
      response.end();
      return;
    }
    if (rawPath.startsWith('/storage/v1/object/public/')) {
      servePublicObject(request, response, buckets, rawPath.slice('/storage/v1/object/public/'.length), cors);
      return;
    }
    if (rawPath === '/rest/v1' || rawPath.startsWith('/rest/v1/')) {
      const headers = headerRecord(request);
      const caller = await auth.authenticateRequest(
        { authorization: headers.authorization, apikey: headers.apikey },
        url.searchParams.get('apikey'),
      );
      if (!caller.ok) {
        const { failure } = caller;
        sendJson(
          response,
          failure.status,
          { code: failure.code, details: null, hint: failure.hint, message: failure.message },
          {
            ...cors,
            'WWW-Authenticate': `Bearer error="invalid_token", error_description="${failure.message.replace(/"/g, "'")}"`,
          },
        );
        return;
      }
      url.searchParams.delete('apikey');
      let body: Buffer;
      try {
        body = await readBody(request);
      } catch (error) {
        const apiError =
          error instanceof ApiError ? error : new ApiError(400, 'PGRST102', 'Could not read the body');
        sendJson(response, apiError.status, apiError.body(), cors);
        return;
      }
      await ready;
      inFlight += 1;
      let answer;
      try {
        answer = await rest.handle({
          method,
          path: rawPath.slice('/rest/v1/'.length),
          url,
          headers,
          body,
          context: { identity: caller.identity, method, path: rawPath, headers },
        });
      } finally {
        inFlight -= 1;
        if (inFlight === 0) drained();
      }
      response.writeHead(answer.status, { ...cors, ...answer.headers });
      response.end(answer.body);
      return;
    }
    // Local only (no hosted equivalent): end-to-end tests put the seeded data back between tests.
    if (rawPath === '/_local/reset' && method === 'POST') {
      const headers = headerRecord(request);
      const caller = await auth.authenticateRequest(
        { authorization: headers.authorization, apikey: headers.apikey },
        null,
      );
      if (!caller.ok || caller.identity.role !== 'service_role') {
        sendJson(response, 401, { message: 'POST /_local/reset needs the secret key' }, cors);
        return;
      }
      const begun = performance.now();
      await resetData();
      sendJson(response, 200, { reset: true, ms: Math.round(performance.now() - begun) }, cors);
      return;
    }
    if (rawPath === '/' || rawPath === '/health') {
      sendJson(
        response,
        200,
        {
          service: 'supabase-local',
          rest: '/rest/v1',
          realtime: '/realtime/v1/websocket',
          functions: '/functions/v1/<name>',
          jwks: '/auth/v1/.well-known/jwks.json',
          storage: '/storage/v1/object/public/<bucket>/<path>',
        },
        cors,
      );
      return;
    }
    // The project's public signing keys, as Supabase Auth serves them: what a JWT this project signed is checked with.
    if (rawPath === '/auth/v1/.well-known/jwks.json' && (method === 'GET' || method === 'HEAD')) {
      sendJson(response, 200, tokens.jwks, { ...cors, 'Cache-Control': 'public, max-age=600' });
      return;
    }
    if (rawPath.startsWith('/auth/v1/')) {
      sendJson(
        response,
        404,
        {
          code: 404,
          error_code: 'not_available',
          msg: 'The local stand-in has no Supabase Auth: the site needs none.',
        },
        cors,
      );
      return;
    }
    sendJson(response, 404, { message: 'no Route matched with those values' }, cors);
  }

  // Node checks the header and request timeouts every connectionsCheckingInterval: often, so a request that never
  // finishes is cut off close to its timeout. An idle connection is kept a minute (Node's default is 5 s), as a
  // gateway keeps its clients': a client may send its next request on a connection the server has just closed, and on
  // a loaded machine one that waited seconds for another answer did (ECONNRESET in the functions' tests).
  const serverOptions = {
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1000,
    keepAliveTimeout: 60_000,
  };
  const server: Server = createServer(serverOptions, (request, response) => {
    const begun = performance.now();
    const requestId = randomUUID();
    response.setHeader('x-request-id', requestId);
    const rawUrl = request.url ?? '/';
    const rawPath = rawUrl.split('?')[0] ?? '/';
    response.on('finish', () => {
      // The schedule asks every few seconds; what it sends shows in the mail catcher, not here.
      if (options.quiet || scheduledCalls.has(rawPath)) return;
      const shown = rawPath.startsWith('/rest/v1/') ? withoutApiKey(rawUrl) : rawPath;
      log(
        `${request.method} ${shown.length > 240 ? `${shown.slice(0, 240)}…` : shown} ${response.statusCode} ${(performance.now() - begun).toFixed(1)}ms`,
      );
    });
    if (!hostAllowed(request.headers.host, hostnames)) {
      sendJson(response, 421, {
        message: `This backend does not answer to ${String(request.headers.host).slice(0, 100)}`,
      });
      return;
    }
    let parsed: URL;
    try {
      parsed = new URL(rawUrl, 'http://localhost');
    } catch {
      sendJson(response, 400, { message: 'Bad request' });
      return;
    }
    route(request, response, rawPath, parsed).catch((error: unknown) => {
      log(
        `error ${requestId} answering ${request.method} ${rawPath.slice(0, 240)}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!response.headersSent)
        sendJson(response, 500, {
          code: 'PGRST000',
          details: null,
          hint: null,
          message: 'Internal error of the local stand-in',
        });
      else response.destroy();
    });
  });
  server.on('upgrade', (request, socket, head) => {
    // A socket that errors (the client went away mid-handshake) must not take the server with it.
    socket.on('error', (error) => {
      if (!options.quiet) log(`upgrade socket: ${error.message}`);
    });
    let parsed: URL;
    try {
      parsed = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!hostAllowed(request.headers.host, hostnames)) {
      socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!socketOriginAllowed(request.headers.origin, allowedOrigins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    if (parsed.pathname === '/realtime/v1/websocket' || parsed.pathname === '/realtime/v1/websocket/') {
      if (!options.quiet) log(`GET /realtime/v1/websocket 101`);
      realtime.handleUpgrade(request, socket, head, parsed).catch((error: unknown) => {
        log(`error upgrading to Realtime: ${error instanceof Error ? error.stack : String(error)}`);
        socket.destroy();
      });
    } else {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
    }
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(requestedPort, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await runtime.stop();
    await realtime.close();
    await opened.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  url = `http://${host}:${port}`;
  allowedOrigins = siteOrigins(port, LOCAL_SUPABASE_PORT, options.corsOrigins);

  const startupMs = Math.round(performance.now() - started);
  const described =
    opened.how === 'memory'
      ? 'a throwaway in-memory copy of the seeded data'
      : opened.how === 'created'
        ? `${opened.location} (created from the migrations and seed)`
        : opened.location;
  log(`Local Supabase ready on ${url} in ${startupMs} ms — data: ${described}`);
  const functionEnv = functionEnvironment();
  for (const [name, meaning] of [
    ['RECAPTCHA_SECRET', 'the contact function accepts only its development token (enabled here alone)'],
    ['YOUTUBE_API_KEY', 'videos are the seeded ones; youtube-sync cannot reach YouTube'],
    ['SMTP_URL', 'no mail is sent (RESEND_API_KEY is the hosted transport); it waits in public.mail_outbox'],
  ] as const) {
    if (!functionEnv[name]) log(`  ${name} is not set: ${meaning}`);
  }

  // The schedule: the mail outbox (mail that could not be sent at once goes out once the mail server is back), the
  // newsletter (issues whose time has come, the weekly digest) and the owner's weekly report. Each runs once at start
  // (what came due while the backend was down goes now, as the purge below does) and then every so often; a run still
  // under way is not started again. Each call is what a pg_cron job sends (private.call_edge_function): a secret key,
  // and an empty JSON body.
  const scheduledRuns = new Map<string, Promise<unknown>>();
  const runScheduled = (name: string): void => {
    if (scheduledRuns.has(name)) return;
    const request = new Request(`${url}/${name}`, {
      method: 'POST',
      headers: scheduledCallHeaders(projectKeys.secret),
      body: '{}',
    });
    const run = ready
      .then(() => functions.invoke(name, request))
      .then(async (response) => {
        if (response && !response.ok) log(`${name}: ${response.status} ${await response.text()}`);
      })
      .catch((error: unknown) => log(`${name}: ${error instanceof Error ? error.message : error}`))
      .finally(() => scheduledRuns.delete(name));
    scheduledRuns.set(name, run);
  };
  const scheduleTimers = Object.entries(options.schedule ?? {})
    .filter(([, everyMs]) => everyMs > 0)
    .map(([name, everyMs]) => {
      runScheduled(name);
      return setInterval(() => runScheduled(name), everyMs);
    });

  // The purge of old mail records, as pg_cron runs it daily on a hosted project (migration 20261122000400_mail_outbox), and the
  // visitor salts of days that are over, as it does hourly (20261122000800_schedules).
  let purgeRun: Promise<unknown> | undefined;
  const purgeMailRecords = () => {
    purgeRun ??= ready
      .then(() => db.query('select public.purge_mail_records(), public.rotate_visitor_salts()'))
      .catch((error: unknown) => log(`mail purge: ${error instanceof Error ? error.message : error}`))
      .finally(() => (purgeRun = undefined));
  };
  const purgeTimer =
    options.mailPurgeEveryMs && options.mailPurgeEveryMs > 0
      ? setInterval(purgeMailRecords, options.mailPurgeEveryMs)
      : undefined;
  if (purgeTimer) purgeMailRecords();

  let stopped = false;
  const handle: LocalSupabase = {
    url,
    port,
    publishableKey: projectKeys.publishable,
    secretKey: projectKeys.secret,
    anonKey: LOCAL_ANON_KEY,
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    jwtSecret,
    jwks: tokens.jwks,
    signToken: (claims) => tokens.sign(claims),
    dataDir: opened.location,
    startupMs,
    get db() {
      return db;
    },
    reset: resetData,
    async reloadSchema() {
      await installRealtimeTriggers(db);
      await schema.load();
    },
    realtimeIdle: () => realtime.idle(),
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const timer of scheduleTimers) clearInterval(timer);
      clearInterval(purgeTimer);
      await Promise.all(scheduledRuns.values());
      await purgeRun;
      await runtime.stop();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
    },
  };
  return handle;
}
