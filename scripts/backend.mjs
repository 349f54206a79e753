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
 * @param {{ port: number, fresh?: boolean, quiet?: boolean, env?: Record<string, string> }} options fresh: a throwaway
 *   copy of the seeded data; env: settings for its edge functions (secrets), besides this process's environment
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startBackend({ port, fresh = false, quiet = false, env = {} }) {
  if (await portOpen(port)) throw new Error(`Port ${port} is taken: is another backend running?`);
  const args = ['run', 'start', '-w', '@site/supabase-local', '--', '--port', String(port)];
  if (fresh) args.push('--fresh');
  if (quiet) args.push('--quiet');
  const child = spawn('npm', args, {
    cwd: repoRoot,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...env },
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (!(await portOpen(port))) {
    if (exited) throw new Error('The backend stopped while starting');
    if (Date.now() > deadline) throw new Error('The backend did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (exited) return;
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
