/// <reference lib="deno.ns" />
/// <reference lib="esnext" />
// The stand-in's edge runtime, run by Deno (never by Node): one process serving every edge function of a folder, as
// `supabase functions serve` does, behind the stand-in's gateway (../functionHost.ts), which checks each request and
// forwards it here over a Unix socket. Like Supabase's edge runtime:
//   - a function is its folder's index.ts: the module is imported on the function's first request, and the handler
//     its Deno.serve(handler) call names (or its default export's fetch) serves its requests; the module is never
//     listening itself,
//   - it sees the request from its own name on (/<name>/...), with the gateway's headers,
//   - EdgeRuntime.waitUntil(promise) keeps background work going after the answer,
//   - a module that fails to load answers 503 BOOT_ERROR, a handler that throws 500 WORKER_ERROR, and either is logged,
//   - an error nobody catches (a rejected promise, a throw in a timer) is logged and the runtime goes on serving.
// GET /_health answers while the event loop is free (the gateway asks when a request ran out of time: a function that
// holds the CPU is stopped by restarting this process). Names starting with "_" are never functions.
// Arguments: <functions folder> <socket path> [warm]. With "warm", every function is loaded at once, one after the
// other, rather than at its first request (the stand-in asks so when it starts them beside its database). The process
// ends when its standard input closes: when the stand-in that started it goes, however it goes.

type Handler = (request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

const [functionsDir, socketPath, warmArgument] = Deno.args;
if (!functionsDir || !socketPath) {
  console.error('usage: mainService.ts <functions folder> <socket path>');
  Deno.exit(2);
}
const functionsUrl = new URL(`${functionsDir.replace(/\/+$/, '')}/`, 'file:///');

const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

const background = new Set<Promise<unknown>>();
(globalThis as { EdgeRuntime?: unknown }).EdgeRuntime = {
  waitUntil(promise: Promise<unknown>): void {
    const tracked = Promise.resolve(promise)
      .catch((error) => console.error(`background task failed: ${describe(error)}`))
      .finally(() => background.delete(tracked));
    background.add(tracked);
  },
};

globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  console.error(`unhandled rejection: ${describe(event.reason)}`);
});
globalThis.addEventListener('error', (event) => {
  event.preventDefault();
  console.error(`uncaught error: ${describe(event.error)}`);
});

/** What a function's index.ts hands to Deno.serve, taken instead of listening (one module loads at a time). */
let captured: Handler | undefined;
const realServe = Deno.serve;
function capturingServe(...args: unknown[]): Deno.HttpServer<Deno.NetAddr> {
  const [first, second] = args as [unknown, unknown];
  const handler =
    typeof first === 'function'
      ? first
      : typeof second === 'function'
        ? second
        : (first as { handler?: unknown } | undefined)?.handler;
  if (typeof handler === 'function') captured = handler as Handler;
  const server = {
    addr: { transport: 'tcp', hostname: '0.0.0.0', port: 0 },
    finished: new Promise<void>(() => undefined),
    ref: () => undefined,
    unref: () => undefined,
    shutdown: async () => undefined,
    [Symbol.asyncDispose]: async () => undefined,
  };
  return server as unknown as Deno.HttpServer<Deno.NetAddr>;
}

const handlers = new Map<string, Handler>();
let loading: Promise<unknown> = Promise.resolve();

/** The function's handler: its index.ts imported once, one module at a time so that each Deno.serve is its own. */
function handlerFor(name: string, entry: URL): Promise<Handler> {
  const known = handlers.get(name);
  if (known) return Promise.resolve(known);
  const load = loading.then(async () => {
    const again = handlers.get(name);
    if (again) return again;
    captured = undefined;
    (Deno as { serve: unknown }).serve = capturingServe;
    let module: { default?: { fetch?: unknown } };
    try {
      module = await import(entry.href);
    } finally {
      (Deno as { serve: unknown }).serve = realServe;
    }
    const fetchExport = module.default?.fetch;
    const handler =
      captured ??
      (typeof fetchExport === 'function' ? (fetchExport.bind(module.default) as Handler) : undefined);
    if (!handler) throw new Error(`${name}/index.ts neither calls Deno.serve(handler) nor exports { fetch }`);
    handlers.set(name, handler);
    return handler;
  });
  loading = load.catch(() => undefined);
  return load;
}

async function exists(url: URL): Promise<boolean> {
  try {
    return (await Deno.stat(url)).isFile;
  } catch {
    return false;
  }
}

async function serveFunction(request: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>): Promise<Response> {
  const name = new URL(request.url).pathname.split('/')[1] ?? '';
  if (name === '_health') return json(200, { deno: Deno.version.deno, background: background.size });
  const entry = new URL(`${name}/index.ts`, functionsUrl);
  if (!functionName.test(name) || !(await exists(entry))) {
    return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  }
  let handler: Handler;
  try {
    handler = await handlerFor(name, entry);
  } catch (error) {
    console.error(`${name} failed to start: ${describe(error)}`);
    return json(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  }
  try {
    return await handler(request, info);
  } catch (error) {
    console.error(`${name} threw: ${describe(error)}`);
    return json(500, {
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
  }
}

try {
  realServe({ path: socketPath, onListen: () => undefined }, serveFunction as never);
} catch (error) {
  console.error(`cannot listen on ${socketPath}: ${describe(error)}`);
  Deno.exit(1);
}

if (warmArgument === 'warm') {
  for await (const entry of Deno.readDir(functionsUrl)) {
    const entryUrl = new URL(`${entry.name}/index.ts`, functionsUrl);
    if (!entry.isDirectory || !functionName.test(entry.name) || !(await exists(entryUrl))) continue;
    // A function that fails to load says so here, and again at each call.
    handlerFor(entry.name, entryUrl).catch((error) =>
      console.error(`${entry.name} failed to start: ${describe(error)}`),
    );
  }
}

// The stand-in holds this process's standard input open for as long as it lives.
for await (const _chunk of Deno.stdin.readable) {
  // Nothing is ever sent: the stream only ends.
}
Deno.exit(0);
