// The Deno process that runs the edge functions (deno/mainService.ts), as Supabase's edge runtime runs them: started on
// the first call, given the environment a hosted project gives its functions, reached over a Unix socket in a
// folder of its own, and started again when it stops or when a file of the functions changes.
//   - Deno is the binary of the `deno` npm package; the functions' npm imports resolve from the project's own
//     node_modules (--node-modules-dir=manual) and nothing is downloaded (--cached-only): it works offline after
//     `npm install`. Its cache (transpiled modules, type checks) is supabase/.local/deno, git-ignored, one per clone.
//   - Permissions: network (the API, SMTP, the tests' fakes of third parties), environment, reading the functions'
//     folders, and its own socket; nothing else.
//   - What the functions log is the stand-in's log, line by line.
//   - The process is in the stand-in's process group (stopping the group stops it) and ends by itself when its
//     standard input closes, so it never outlives a stand-in that was killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, watch, type FSWatcher } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { paths } from '../paths.ts';

/** The Deno binary of the `deno` npm package (its own installer finds the platform's build). */
export function denoExecutable(): string {
  const installer = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
  return installer.runInstall();
}

/** Where Deno keeps what it compiled: inside the clone, so runs side by side in other clones never share it. */
export const denoCacheDir = path.join(paths.stateDir, 'deno');

/**
 * Whether a changed file (relative to the functions' folder) is one the runtime loads: source and the import map, not
 * tests, packages, or what tools write beside them (turbo's .turbo/turbo-test.log, written while the functions' own
 * tests run, restarted the runtime under a call in CI: 'socket hang up', a 500 instead of the function's 401).
 */
export function loadsInDeno(file: string): boolean {
  const parts = file.split(/[\\/]/);
  if (parts.some((part) => part.startsWith('.') || part === '__tests__' || part === 'node_modules'))
    return false;
  return /\.(ts|tsx|mts|js|jsx|mjs|json|jsonc)$/.test(path.basename(file));
}

const mainService = path.join(import.meta.dirname, 'deno/mainService.ts');

export interface DenoRuntimeOptions {
  /** The functions' folder: <name>/index.ts each, and deno.json (the import map) beside them. */
  functionsDir: string;
  /** Other folders the functions import from (read permission). */
  readDirs?: string[];
  /** The environment the functions see, read at each start of the process. */
  env: () => Record<string, string>;
  log: (line: string) => void;
  /** Start the process again when a file under functionsDir changes (default true). */
  watch?: boolean;
  /** Load every function as soon as the process starts, rather than at its first call. */
  warm?: boolean;
}

export interface ForwardedRequest {
  method: string;
  /** /<name>/<rest>?<query> */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Readable | Uint8Array;
  signal?: AbortSignal;
}

interface Running {
  child: ChildProcess;
  socketDir: string;
  socket: string;
  ready: Promise<void>;
  exited: Promise<void>;
}

/** The runtime could not be reached at all: it did not start, or it had just stopped. Nothing of the call ran. */
export class RuntimeUnavailableError extends Error {}

function isGone(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}

export class DenoRuntime {
  private running: Running | undefined;
  private stopped = false;
  private watcher: FSWatcher | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly agent = new Agent({ keepAlive: true });

  constructor(private readonly options: DenoRuntimeOptions) {}

  /** The process, started if it is not running; resolves once it answers. */
  start(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the function runtime was stopped'));
    this.running ??= this.spawn();
    this.watchFunctions();
    return this.running.ready;
  }

  private spawn(): Running {
    const socketDir = mkdtempSync(path.join(tmpdir(), 'supabase-local-functions-'));
    const socket = path.join(socketDir, 'functions.sock');
    const { functionsDir } = this.options;
    const readable = [functionsDir, ...(this.options.readDirs ?? []), path.dirname(mainService), socketDir];
    const args = [
      'run',
      '--quiet',
      '--no-prompt',
      '--cached-only',
      '--node-modules-dir=manual',
      '--config',
      path.join(functionsDir, 'deno.json'),
      '--allow-net',
      '--allow-env',
      `--allow-read=${readable.join(',')}`,
      `--allow-write=${socketDir}`,
      mainService,
      functionsDir,
      socket,
      ...(this.options.warm ? ['warm'] : []),
    ];
    const env: Record<string, string> = { ...this.options.env() };
    delete env.NODE_OPTIONS;
    Object.assign(env, {
      DENO_DIR: denoCacheDir,
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    });
    const child = spawn(denoExecutable(), args, { cwd: functionsDir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    // Written to never; closing it is how the process learns that the stand-in is gone.
    child.stdin?.on('error', () => undefined);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: stream }).on('line', (line) => this.options.log(`functions: ${line}`));
    }
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        if (this.running?.child === child) {
          this.running = undefined;
          if (!this.stopped)
            this.options.log(
              `functions: the Deno runtime stopped (${signal ?? `exit code ${code}`}); it starts again at the next call`,
            );
        }
        rmSync(socketDir, { recursive: true, force: true });
        resolve();
      });
      child.once('error', (error) => {
        this.options.log(`functions: Deno could not start: ${error.message}`);
        if (this.running?.child === child) this.running = undefined;
        rmSync(socketDir, { recursive: true, force: true });
        resolve();
      });
    });
    const ready = (async () => {
      let running = true;
      void exited.then(() => (running = false));
      for (let wait = 10; running; wait = Math.min(wait * 2, 200)) {
        if (await this.answersHealth(socket)) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      throw new Error('the Deno runtime stopped while starting (see the lines above)');
    })();
    ready.catch(() => undefined);
    return { child, socketDir, socket, ready, exited };
  }

  private answersHealth(socket: string, timeoutMs = 2000): Promise<boolean> {
    return new Promise((resolve) => {
      const probe = httpRequest(
        { socketPath: socket, path: '/_health', method: 'GET', timeout: timeoutMs, agent: false },
        (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        },
      );
      probe.once('timeout', () => probe.destroy());
      probe.once('error', () => resolve(false));
      probe.end();
    });
  }

  /**
   * Stops the process that is running now if it does not answer its health check within the time given (its event
   * loop is held: a function that never yields the CPU); the next call starts a new one. Whether it was stopped. A
   * process that another call started meanwhile is not the one checked, and is left running.
   */
  async restartIfHeld(timeoutMs: number, reason: string): Promise<boolean> {
    const running = this.running;
    if (!running || (await this.answersHealth(running.socket, timeoutMs))) return false;
    await this.stopProcess(running, reason);
    return true;
  }

  /** Stops the process (what it was doing is cut off); the next call starts a new one. */
  async restart(reason: string): Promise<void> {
    if (this.running) await this.stopProcess(this.running, reason);
  }

  private async stopProcess(running: Running, reason: string): Promise<void> {
    if (this.running !== running) return;
    this.options.log(`functions: restarting the Deno runtime: ${reason}`);
    this.running = undefined;
    running.child.kill('SIGKILL');
    await running.exited;
  }

  /** Sends a request to the functions; resolves with the answer's head, its body still to read. */
  async forward(forwarded: ForwardedRequest): Promise<IncomingMessage> {
    try {
      await this.start();
    } catch (error) {
      throw new RuntimeUnavailableError((error as Error).message, { cause: error });
    }
    const running = this.running;
    if (!running) throw new RuntimeUnavailableError('the Deno runtime stopped while starting');
    const { socket } = running;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const upstream = httpRequest(
        {
          socketPath: socket,
          agent: this.agent,
          method: forwarded.method,
          path: forwarded.path,
          headers: forwarded.headers,
          ...(forwarded.signal && { signal: forwarded.signal }),
        },
        resolve,
      );
      upstream.once('error', (error) =>
        reject(
          isGone(error)
            ? new RuntimeUnavailableError('the Deno runtime is not running', { cause: error })
            : error,
        ),
      );
      const { body } = forwarded;
      if (body === undefined) upstream.end();
      else if (body instanceof Uint8Array) upstream.end(body);
      else {
        body.once('error', (error) => upstream.destroy(error));
        body.pipe(upstream);
      }
    });
  }

  private watchFunctions(): void {
    if (this.watcher || this.options.watch === false) return;
    try {
      this.watcher = watch(this.options.functionsDir, { recursive: true }, (_event, file) => {
        if (file && !loadsInDeno(file)) return;
        clearTimeout(this.restartTimer);
        this.restartTimer = setTimeout(() => {
          void this.restart(`${file ?? 'a file'} changed`);
        }, 150);
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch (error) {
      this.options.log(`functions: not watching for changes: ${(error as Error).message}`);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    this.watcher?.close();
    this.agent.destroy();
    const running = this.running;
    if (!running) return;
    this.running = undefined;
    running.child.stdin?.end();
    const killer = setTimeout(() => running.child.kill('SIGKILL'), 5000);
    await running.exited;
    clearTimeout(killer);
  }
}
