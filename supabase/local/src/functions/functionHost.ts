// /functions/v1/<name>: runs an edge function's handler module under Node. supabase/functions/<name>/handler.ts
// default-exports a web-standard (Request) => Promise<Response>; production wraps the same module with
// Deno.serve(handler) in index.ts. As on a hosted project:
//   - the function sees the path from its own name on (/<name>/...),
//   - the gateway checks the JWT (Authorization: Bearer) unless config.toml sets [functions.<name>] verify_jwt = false,
//     and lets CORS preflights (OPTIONS) through untouched; that check knows JWTs only (a legacy key, a user's token),
//     so a publishable or secret key is refused by it, and functions called with them check the key themselves,
//   - the function's environment has the variables a hosted project gives (hostedFunctionVariables),
//   - no CORS headers are added: the function answers for itself (see functions/_shared/cors.ts),
//   - like a gateway, it drops what the client says about its own address and sets X-Forwarded-For to the socket's
//     address, the one a function's rate limits may trust (functions/_shared/clientAddress.ts).
// The handler module is re-imported when its file changes, so edits show without a restart.
// Deno has a global WebSocket and Node 20 has none, so before the first function runs the host provides the `ws`
// package's as the global: a function's createClient() then works unchanged, as it does on the edge runtime.
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { WebSocket as NodeWebSocket } from 'ws';
import type { JSONWebKeySet } from 'jose';
import { apiKeyHeaders } from '../../../functions/_shared/apiKeys.ts';
import type { RequestAuth } from '../auth/requestAuth.ts';
import { functionsWithoutJwtCheck } from '../configToml.ts';

type Handler = (request: Request) => Response | Promise<Response>;

export interface FunctionHostOptions {
  functionsDir: string;
  configToml: string;
  auth: RequestAuth;
  /** The server's own URL, the origin of the Request a function receives. */
  origin: () => string;
  log: (line: string) => void;
}

const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Headers through which a client could claim an address; the host drops them and sets X-Forwarded-For itself. */
const clientAddressHeaders = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip']);

/**
 * The variables a hosted project gives its edge functions (Supabase's guide "Environment Variables"): its URL, its
 * publishable and secret keys as JSON dictionaries of named keys, and its JWKS; a project on the legacy keys alone has
 * SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY instead. An undefined value is a variable the project does not have.
 */
export function hostedFunctionVariables(project: {
  url: string;
  keys: { publishable: string; secret: string };
  legacy: boolean;
  jwks: JSONWebKeySet;
}): Record<string, string | undefined> {
  const { url, keys, legacy, jwks } = project;
  return {
    SUPABASE_URL: url,
    SUPABASE_PUBLISHABLE_KEYS: legacy ? undefined : JSON.stringify({ default: keys.publishable }),
    SUPABASE_SECRET_KEYS: legacy ? undefined : JSON.stringify({ default: keys.secret }),
    SUPABASE_JWKS: legacy ? undefined : JSON.stringify(jwks),
    SUPABASE_ANON_KEY: legacy ? keys.publishable : undefined,
    SUPABASE_SERVICE_ROLE_KEY: legacy ? keys.secret : undefined,
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

export class FunctionHost {
  private readonly modules = new Map<string, { version: number; handler: Handler }>();

  constructor(private readonly options: FunctionHostOptions) {}

  private async handlerFor(name: string): Promise<Handler | undefined> {
    const runtime = globalThis as { WebSocket?: unknown };
    runtime.WebSocket ??= NodeWebSocket;
    const file = path.join(this.options.functionsDir, name, 'handler.ts');
    if (!existsSync(file)) return undefined;
    const version = statSync(file).mtimeMs;
    const cached = this.modules.get(name);
    if (cached && cached.version === version) return cached.handler;
    const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as {
      default?: unknown;
      handler?: unknown;
    };
    const handler = module.default ?? module.handler;
    if (typeof handler !== 'function') {
      throw new Error(
        `${path.relative(this.options.functionsDir, file)} must default-export a (request: Request) => Response handler`,
      );
    }
    this.modules.set(name, { version, handler: handler as Handler });
    return handler as Handler;
  }

  /**
   * Runs a function's handler with a request made here, not by a client: the stand-in's own schedule (the mail
   * outbox), as pg_cron calls a hosted function. Undefined when there is no such function.
   */
  async invoke(name: string, request: Request): Promise<Response | undefined> {
    const handler = await this.handlerFor(name);
    return handler ? handler(request) : undefined;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, subPath: string): Promise<void> {
    const [name = '', ...rest] = subPath.split('/');
    if (!functionName.test(name)) {
      json(response, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      return;
    }
    if (request.method !== 'OPTIONS' && !functionsWithoutJwtCheck(this.options.configToml).has(name)) {
      const authorization = request.headers.authorization;
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      if (token === undefined) {
        json(response, 401, { code: 401, message: 'Missing authorization header' });
        return;
      }
      if (!(await this.options.auth.identityFromToken(token)).ok) {
        json(response, 401, { code: 401, message: 'Invalid JWT' });
        return;
      }
    }
    let handler: Handler | undefined;
    try {
      handler = await this.handlerFor(name);
    } catch (error) {
      this.options.log(
        `functions: ${name} failed to load: ${error instanceof Error ? error.stack : String(error)}`,
      );
      json(response, 500, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
      return;
    }
    if (!handler) {
      json(response, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      return;
    }

    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      // What a client writes about its own address is never passed on: the gateway says who is calling.
      if (value === undefined || clientAddressHeaders.has(key)) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
    }
    headers.set('x-forwarded-for', request.socket.remoteAddress ?? 'unknown');
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? 'GET');
    const webRequest = new Request(`${this.options.origin()}/${[name, ...rest].join('/')}${url.search}`, {
      method: request.method ?? 'GET',
      headers,
      ...(hasBody && { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' }),
    } as RequestInit);

    let webResponse: Response;
    try {
      webResponse = await handler(webRequest);
    } catch (error) {
      this.options.log(`functions: ${name} threw: ${error instanceof Error ? error.stack : String(error)}`);
      json(response, 500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
      return;
    }
    const outgoing: Record<string, string | string[]> = {};
    webResponse.headers.forEach((value, key) => {
      if (key === 'set-cookie') return;
      outgoing[key] = value;
    });
    const cookies = webResponse.headers.getSetCookie();
    if (cookies.length > 0) outgoing['set-cookie'] = cookies;
    response.writeHead(webResponse.status, webResponse.statusText, outgoing);
    if (webResponse.body === null || request.method === 'HEAD') {
      response.end();
      return;
    }
    for await (const chunk of Readable.fromWeb(
      webResponse.body as import('node:stream/web').ReadableStream<Uint8Array>,
    )) {
      response.write(chunk);
    }
    response.end();
  }
}
