// Starts the local Supabase stand-in (supabase/local) in its own process group and waits until it answers.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Where the backend keeps its data between runs (git-ignored): a data folder of its own for each launcher. */
export const backendStateFolder = path.join(repoRoot, 'supabase/.local');

/**
 * The persisted data of a launcher's backend: `npm start`'s, and `npm run dev`'s own, so that both run at once (one
 * backend at a time may open a data folder).
 * @param {'start' | 'dev'} launcher
 * @param {string} [stateFolder] another folder than backendStateFolder (a test's)
 */
export function backendDataDir(launcher, stateFolder = backendStateFolder) {
  return path.join(stateFolder, launcher === 'dev' ? 'db-dev' : 'db');
}

/** How long a starting backend may take to listen before it is taken for hung. */
const startAtTheLatestMs = 300_000;

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * @param {{ port: number, fresh?: boolean, dataDir?: string, quiet?: boolean, schedule?: boolean,
 *   env?: Record<string, string>, node?: string }} options
 *   fresh: a throwaway copy of the seeded data; dataDir: where its data persists otherwise (backendDataDir); schedule:
 *   false runs no scheduled function (a bench that runs them itself); env: settings for its edge functions (secrets),
 *   besides this process's environment; node: the Node.js binary it runs on (this process's by default)
 * @returns {Promise<{ url: string, pid: number, exited: Promise<{ code: number | null, signal: string | null }>,
 *   stop: () => Promise<void> }>} exited resolves when the backend stops, whoever stopped it
 */
export async function startBackend({
  port,
  fresh = false,
  dataDir = backendDataDir('start'),
  quiet = false,
  schedule = true,
  env = {},
  node = process.execPath,
}) {
  if (await portOpen(port)) throw new Error(`Port ${port} is taken: is another backend running?`);
  const args = ['--import', 'tsx', 'src/cli.ts', 'start', '--port', String(port)];
  if (fresh) args.push('--fresh');
  else args.push('--data-dir', dataDir);
  if (quiet) args.push('--quiet');
  if (!schedule) args.push('--no-schedule');
  // Node itself, not npm, with an IPC channel: the backend stops when this process goes, however it goes.
  const child = spawn(node, args, {
    cwd: path.join(repoRoot, 'supabase/local'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));
  // A backend that neither listens nor stops is given up on. Its first start on a fresh clone builds the database
  // from the migrations (46 s measured under other load on two cores), so the bound is sized for a machine slower still.
  const deadline = Date.now() + startAtTheLatestMs;
  while (!(await portOpen(port))) {
    if (!running) throw new Error('The backend stopped while starting');
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGTERM');
      throw new Error(`The backend did not start within ${startAtTheLatestMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The launcher must not wait for the channel to end its own life.
  child.channel?.unref();
  child.unref();
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    exited,
    stop: async () => {
      if (!running) return;
      // Held again while it stops: a launcher with nothing else to do would otherwise end before it is told.
      child.ref();
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
