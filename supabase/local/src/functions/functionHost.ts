// /functions/v1/<name>: the gateway in front of the edge functions, which run in Deno (denoRuntime.ts, one process for
// all of them, as `supabase functions serve` runs them). As on a hosted project:
//   - the function sees the path from its own name on (/<name>/...),
//   - the gateway checks the caller unless config.toml sets [functions.<name>] verify_jwt = false, and lets CORS
//     preflights (OPTIONS) through untouched: a JWT in Authorization: Bearer must be the project's (a user's token, a
//     legacy key), and for migration compatibility a publishable or secret key of the project passes too, in
//     Authorization or apikey (Supabase's guide "Authorization headers"); the check says nothing of which key it was,
//     so functions check the key they need themselves,
//   - the function's environment has the variables a hosted project gives (hostedFunctionVariables),
//   - no CORS headers are added: the function answers for itself (see functions/_shared/cors.ts),
//   - like a gateway, it drops what the client says about its own address and sets X-Forwarded-For to the socket's
//     address, the one a function's rate limits may trust (functions/_shared/clientAddress.ts),
//   - a call has a wall clock limit (150 s, as on the free plan): past it the caller gets 504, and if the runtime no
//     longer answers at all (a function holding the CPU), the runtime is started afresh, as the edge runtime stops
//     such a worker. A function that throws is a 500, one that fails to load a 503; the runtime itself stopping is a
//     500 for the calls under way, and the next call starts it again. Nothing a function does stops the stand-in.
// The runtime restarts when a file of the functions changes, so edits show without a restart of the stand-in.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { JSONWebKeySet } from 'jose';
import { apiKeyHeaders } from '../../../functions/_shared/apiKeys.ts';
import { isOpaqueApiKey, type RequestAuth } from '../auth/requestAuth.ts';
import { functionsWithoutJwtCheck } from '../configToml.ts';
import { RuntimeUnavailableError, type DenoRuntime } from './denoRuntime.ts';

export interface FunctionHostOptions {
  configToml: string;
  auth: RequestAuth;
  /** Where the functions run. */
  runtime: DenoRuntime;
  log: (line: string) => void;
  /** The wall clock limit of a call (default 150 s, a hosted project's on the free plan). */
  wallClockMs?: number;
}

/** A hosted project's wall clock limit on the free plan (Supabase's guide "Limits"). */
export const DEFAULT_WALL_CLOCK_MS = 150_000;

/** How long the runtime has to answer its health check once a call ran out of time, before it is started afresh. */
const HEALTH_CHECK_MS = 5000;

const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Headers through which a client could claim an address; the host drops them and sets X-Forwarded-For itself. */
const clientAddressHeaders = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip']);

/** Headers of one hop, never passed on (RFC 9110, 7.6.1). */
const hopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** Which API keys a project has: see LocalSupabaseOptions.apiKeys. */
export type ProjectKeyKind = 'current' | 'legacy' | 'both';

/**
 * The variables a hosted project gives its edge functions (Supabase's guide "Environment Variables"): its URL, its
 * publishable and secret keys as JSON dictionaries of named keys, and its JWKS; a project that has the legacy keys
 * (alone, or beside the new ones) has SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY too. An undefined value is a
 * variable the project does not have.
 */
export function hostedFunctionVariables(project: {
  url: string;
  kind: ProjectKeyKind;
  keys: { publishable: string; secret: string };
  legacyKeys: { anon: string; serviceRole: string };
  jwks: JSONWebKeySet;
}): Record<string, string | undefined> {
  const { url, kind, keys, legacyKeys, jwks } = project;
  const current = kind !== 'legacy';
  const legacy = kind !== 'current';
  return {
    SUPABASE_URL: url,
    SUPABASE_PUBLISHABLE_KEYS: current ? JSON.stringify({ default: keys.publishable }) : undefined,
    SUPABASE_SECRET_KEYS: current ? JSON.stringify({ default: keys.secret }) : undefined,
    SUPABASE_JWKS: current ? JSON.stringify(jwks) : undefined,
    SUPABASE_ANON_KEY: legacy ? legacyKeys.anon : undefined,
    SUPABASE_SERVICE_ROLE_KEY: legacy ? legacyKeys.serviceRole : undefined,
  };
}

/**
 * The headers of a scheduled call of a function with a secret key, as private.call_edge_function sends them from
 * pg_cron (migration 20261127100000): the key in `apikey`; a legacy service-role key, a JWT, also as the bearer token.
 */
export function scheduledCallHeaders(secretKey: string): Record<string, string> {
  return { 'Content-Type': 'application/json', ...apiKeyHeaders(secretKey) };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const answers = {
  notFound: { status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } },
  bootError: {
    status: 503,
    body: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
  },
  workerError: {
    status: 500,
    body: { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
  },
  timedOut: {
    status: 504,
    body: { code: 'IDLE_TIMEOUT', message: 'The function did not answer within its wall clock limit' },
  },
} as const;

/** The headers a function receives: the caller's, but for hop-by-hop headers and what it claims about its address. */
function forwardedHeaders(
  headers: IncomingHttpHeaders | Headers,
  clientAddress: string,
): OutgoingHttpHeaders {
  const forwarded: OutgoingHttpHeaders = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [key, value] of entries) {
    const name = key.toLowerCase();
    if (value === undefined || clientAddressHeaders.has(name) || hopHeaders.has(name)) continue;
    forwarded[name] = value;
  }
  forwarded['x-forwarded-for'] = clientAddress;
  return forwarded;
}

/** The answer's headers as the caller gets them: all but hop-by-hop headers (Set-Cookie stays a list). */
function answerHeaders(upstream: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(upstream.headers)) {
    if (value !== undefined && !hopHeaders.has(key)) headers[key] = value;
  }
  return headers;
}

export class FunctionHost {
  private readonly wallClockMs: number;

  constructor(private readonly options: FunctionHostOptions) {
    this.wallClockMs = options.wallClockMs ?? DEFAULT_WALL_CLOCK_MS;
  }

  /**
   * Runs a function with a request made here, not by a client: the stand-in's own schedule (the mail outbox), as
   * pg_cron calls a hosted function. Undefined when there is no such function.
   */
  async invoke(name: string, request: Request): Promise<Response | undefined> {
    if (!(await this.runtimeStarted(name)))
      return Response.json(answers.bootError.body, { status: answers.bootError.status });
    const deadline = AbortSignal.timeout(this.wallClockMs);
    const upstream = await this.options.runtime.forward({
      method: request.method,
      path: `/${name}`,
      headers: forwardedHeaders(request.headers, '127.0.0.1'),
      body: new Uint8Array(await request.arrayBuffer()),
      signal: deadline,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of upstream) chunks.push(chunk as Buffer);
    if (upstream.statusCode === 404) return undefined;
    return new Response(Buffer.concat(chunks), {
      status: upstream.statusCode ?? 500,
      headers: answerHeaders(upstream) as Record<string, string>,
    });
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, subPath: string): Promise<void> {
    const [name = '', ...rest] = subPath.split('/');
    if (!functionName.test(name)) {
      json(response, answers.notFound.status, answers.notFound.body);
      return;
    }
    if (request.method !== 'OPTIONS' && !functionsWithoutJwtCheck(this.options.configToml).has(name)) {
      const refusal = await this.jwtCheckRefusal(request);
      if (refusal) {
        json(response, 401, { code: 401, message: refusal });
        return;
      }
    }

    if (!(await this.runtimeStarted(name))) {
      json(response, answers.bootError.status, answers.bootError.body);
      return;
    }
    const method = request.method ?? 'GET';
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.wallClockMs);
    try {
      let upstream: IncomingMessage;
      try {
        upstream = await this.options.runtime.forward({
          method,
          path: `/${[name, ...rest].join('/')}${url.search}`,
          headers: forwardedHeaders(request.headers, request.socket.remoteAddress ?? 'unknown'),
          ...(hasBody && { body: request }),
          signal: deadline.signal,
        });
      } catch (error) {
        if (timedOut) return await this.answerTimeout(name, response);
        this.options.log(`functions: ${name}: ${(error as Error).message}`);
        const failure = error instanceof RuntimeUnavailableError ? answers.bootError : answers.workerError;
        json(response, failure.status, failure.body);
        return;
      }
      response.writeHead(upstream.statusCode ?? 500, upstream.statusMessage, answerHeaders(upstream));
      try {
        for await (const chunk of upstream) response.write(chunk);
        response.end();
      } catch {
        // The runtime went away, or the wall clock ran out, while the answer was on its way: cut it short.
        response.destroy();
        if (timedOut) await this.answerTimeout(name, response);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Waits for the runtime to take calls, starting it if need be. A call's wall clock runs from then: the stand-in
   * starting its one Deno process (seconds on a loaded machine) is not the function's time, as a hosted project's
   * runtime is always up. Whether it started.
   */
  private async runtimeStarted(name: string): Promise<boolean> {
    try {
      await this.options.runtime.start();
      return true;
    } catch (error) {
      this.options.log(`functions: ${name}: ${(error as Error).message}`);
      return false;
    }
  }

  /** The platform's verify_jwt check: why it refuses the request, or undefined when it lets it through. */
  private async jwtCheckRefusal(request: IncomingMessage): Promise<string | undefined> {
    const { auth } = this.options;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const apikey = typeof request.headers.apikey === 'string' ? request.headers.apikey.trim() : undefined;
    if (token !== undefined && isOpaqueApiKey(token)) {
      return auth.isProjectApiKey(token) ? undefined : 'Invalid JWT';
    }
    if (token !== undefined) return (await auth.identityFromToken(token)).ok ? undefined : 'Invalid JWT';
    if (apikey !== undefined && auth.isProjectApiKey(apikey)) return undefined;
    return 'Missing authorization header';
  }

  /** A call ran out of time: 504 if nothing was answered yet, and the runtime started afresh if it is held. */
  private async answerTimeout(name: string, response: ServerResponse): Promise<void> {
    this.options.log(`functions: ${name} did not answer within ${this.wallClockMs} ms`);
    if (!response.headersSent) json(response, answers.timedOut.status, answers.timedOut.body);
    const restarted = await this.options.runtime.restartIfHeld(
      HEALTH_CHECK_MS,
      `it held on to the CPU past ${name}'s wall clock limit`,
    );
    if (!restarted) this.options.log(`functions: ${name}: the runtime still answers`);
  }
}
