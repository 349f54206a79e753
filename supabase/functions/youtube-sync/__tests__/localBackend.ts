// The real local stand-in backend (supabase/local) for a test: its own process, a throwaway in-memory copy of the
// seeded database, on a free port, with the environment the test gives its edge functions. It runs youtube-sync's
// handler as `npm start` does, so the test drives the function over HTTP and rows really land in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from '../../_shared/__tests__/localBackend.ts';

const localDir = path.resolve(__dirname, '../../../local');

export interface LocalBackend {
  url: string;
  /** What the backend printed, for a failing test's message. */
  output: () => string;
  stop: () => Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts the stand-in; functionEnv replaces every YOUTUBE_* variable of this process. */
export async function startLocalBackend(functionEnv: Record<string, string>): Promise<LocalBackend> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...functionEnv };
  for (const name of Object.keys(env)) {
    if (name.startsWith('YOUTUBE_') && !(name in functionEnv)) delete env[name];
  }
  // jest's flag for ES modules is not for the backend.
  delete env.NODE_OPTIONS;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'start', '--port', String(port), '--fresh', '--quiet'],
    { cwd: localDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
    }
    await exited(child);
  };

  const deadline = Date.now() + 60_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`the local backend stopped while starting:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the local backend did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop };
}
