// Starts the local Supabase stand-in (supabase/local) in its own process group and waits until it answers.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');

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
 * @param {{ port: number, fresh?: boolean, quiet?: boolean, schedule?: boolean, env?: Record<string, string> }} options
 *   fresh: a throwaway copy of the seeded data; schedule: false runs no scheduled function (a bench that runs them
 *   itself); env: settings for its edge functions (secrets), besides this process's environment
 * @returns {Promise<{ url: string, pid: number, exited: Promise<{ code: number | null, signal: string | null }>,
 *   stop: () => Promise<void> }>} exited resolves when the backend stops, whoever stopped it
 */
export async function startBackend({ port, fresh = false, quiet = false, schedule = true, env = {} }) {
  if (await portOpen(port)) throw new Error(`Port ${port} is taken: is another backend running?`);
  const args = ['--import', 'tsx', 'src/cli.ts', 'start', '--port', String(port)];
  if (fresh) args.push('--fresh');
  if (quiet) args.push('--quiet');
  if (!schedule) args.push('--no-schedule');
  // Node itself, not npm, with an IPC channel: the backend stops when this process goes, however it goes.
  const child = spawn(process.execPath, args, {
    cwd: path.join(repoRoot, 'supabase/local'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 60_000;
  while (!(await portOpen(port))) {
    if (!running) throw new Error('The backend stopped while starting');
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGTERM');
      throw new Error('The backend did not start within 60 s');
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
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}
