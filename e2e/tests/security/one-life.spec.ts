// npm start and npm run dev have one life: when any of their processes dies, the launcher stops the others and exits
// non-zero, naming the cause; no backend or dev server is left holding a port or a CPU (an orphaned backend used to
// make the next start fail with "Port 54321 is taken"). And they live side by side: each keeps its backend's data in
// a folder of its own. The launchers are started as npm starts them (scripts/serve.mjs, scripts/dev.mjs), on ports of
// their own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../../support/test.ts';
import { portOffset } from '../../support/site.ts';

/** Ports of their own, clear of the suite's and of its second sites. */
const launchers = {
  start: { script: 'serve.mjs', offset: portOffset + 70 },
  dev: { script: 'dev.mjs', offset: portOffset + 80 },
};
type LauncherName = keyof typeof launchers;
const sitePort = (name: LauncherName) => 3000 + launchers[name].offset;
const backendPort = (name: LauncherName) => 54321 + launchers[name].offset;

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function eventually(check: () => Promise<boolean>, within = 30_000): Promise<void> {
  const deadline = Date.now() + within;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Launcher {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  backendPid: number;
}

/** Every launcher a test started that may still run. */
const started = new Set<Pick<Launcher, 'process' | 'exited'>>();

// A test that failed or ran out of time midway leaves no launcher running: one would hold its ports (and its backend,
// a CPU) for the next test and the rest of the suite. Stopped as npm stops it (SIGTERM: it stops its own servers), and
// killed if it has not ended 15 s on (its backend and dev servers then stop by themselves: the launcher's one life).
test.afterEach(async () => {
  for (const launcher of started) {
    if (launcher.process.exitCode === null && launcher.process.signalCode === null) {
      launcher.process.kill('SIGTERM');
      const ended = await Promise.race([
        launcher.exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(resolve, 15_000, false)),
      ]);
      if (!ended) launcher.process.kill('SIGKILL');
    }
  }
  started.clear();
});

/** args: the launcher's own (default: a throwaway copy of the seeded data). */
async function startLauncher(name: LauncherName, args = ['--fresh-backend']): Promise<Launcher> {
  const child = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../../scripts', launchers[name].script), ...args, '--quiet'],
    {
      env: { ...process.env, SITE_PORT_OFFSET: String(launchers[name].offset) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  started.add({ process: child, exited });
  // npm run dev first builds what it serves in development mode (a minute or more here the first time, from nothing).
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the launcher exited (code ${child.exitCode})`);
    return /pid (\d+)/.test(output) && (await portOpen(sitePort(name)));
  }, 180_000).catch((error: Error) => {
    child.kill('SIGTERM');
    throw new Error(`${error.message}; the launcher said:\n${output.slice(-2000)}`);
  });
  return { process: child, output: () => output, exited, backendPid: Number(/pid (\d+)/.exec(output)![1]) };
}

/** The dev servers a launcher runs (one per watched app), by process id. */
function devServerPids(launcher: Launcher): number[] {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcher.process.pid)], {
    encoding: 'utf8',
  });
  return children
    .split('\n')
    .filter((line) => /\bdevServer\.mjs\b/.test(line))
    .map((line) => Number.parseInt(line, 10));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('when the backend dies, the launcher stops the site and exits with the cause', async () => {
  const launcher = await startLauncher('start');
  expect(await portOpen(backendPort('start'))).toBe(true);
  process.kill(launcher.backendPid, 'SIGKILL');
  expect(await launcher.exited).toBe(1);
  expect(launcher.output()).toMatch(/the backend \(pid \d+\) stopped \(SIGKILL\): stopping everything else/);
  expect(await portOpen(sitePort('start'))).toBe(false);
  expect(await portOpen(backendPort('start'))).toBe(false);
});

test('when the launcher itself dies, even by SIGKILL, the backend stops and frees its port', async () => {
  const launcher = await startLauncher('start');
  launcher.process.kill('SIGKILL');
  await launcher.exited;
  await eventually(async () => !(await portOpen(backendPort('start'))), 15_000);
  // The next start finds its ports free.
  const again = await startLauncher('start');
  again.process.kill('SIGTERM');
  expect(await again.exited).toBe(0);
  await eventually(async () => !(await portOpen(backendPort('start'))), 15_000);
});

test.describe('npm run dev', () => {
  test.setTimeout(300_000);
  /** Two dev servers are enough to see one take the others down with it. */
  const watched = ['shell', 'help'];

  test('when a dev server dies, the launcher stops the servers and the other dev servers, and exits with the cause', async () => {
    const launcher = await startLauncher('dev', ['--fresh-backend', ...watched]);
    const devServers = devServerPids(launcher);
    expect(devServers).toHaveLength(watched.length);
    const [first, ...others] = devServers as [number, ...number[]];
    process.kill(first, 'SIGKILL');
    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toMatch(
      new RegExp(`the \\S+ dev server \\(pid ${first}\\) stopped \\(SIGKILL\\): stopping everything else`),
    );
    expect(await portOpen(sitePort('dev'))).toBe(false);
    await eventually(async () => !(await portOpen(backendPort('dev'))), 15_000);
    await eventually(async () => !others.some(running), 15_000);
  });

  test('when the launcher itself dies by SIGKILL, its dev servers and its backend stop', async () => {
    const launcher = await startLauncher('dev', ['--fresh-backend', ...watched]);
    const devServers = devServerPids(launcher);
    expect(devServers).toHaveLength(watched.length);
    launcher.process.kill('SIGKILL');
    await launcher.exited;
    await eventually(async () => !devServers.some(running), 15_000);
    await eventually(async () => !(await portOpen(backendPort('dev'))), 15_000);
  });
});

test.describe('side by side', () => {
  test.setTimeout(300_000);

  test('npm run dev starts beside npm start, each on its own persisted backend data', async () => {
    // Their data in a folder of the test's own, laid out as in supabase/.local: a developer's own `npm start` or
    // `npm run dev` in this tree may be running.
    const stateFolder = mkdtempSync(path.join(os.tmpdir(), 'launchers-data-'));
    const persisted = ['--backend-data', stateFolder];
    const start = await startLauncher('start', persisted);
    try {
      // One section watched, the rest served as built.
      const dev = await startLauncher('dev', [...persisted, 'help']);
      expect(dev.output()).toMatch(/Hot: help; as built: shell, portfolio, tutorials, courses\./);
      expect(dev.output()).not.toMatch(/in use by another local Supabase|stopping everything else/);
      // Each backend holds its own data folder.
      const holder = (folder: string) =>
        Number(readFileSync(path.join(stateFolder, `${folder}.lock`), 'utf8'));
      expect(holder('db')).toBe(start.backendPid);
      expect(holder('db-dev')).toBe(dev.backendPid);
      dev.process.kill('SIGTERM');
      expect(await dev.exited).toBe(0);
      // npm start is still there.
      expect(await portOpen(backendPort('start'))).toBe(true);
      expect(start.process.exitCode).toBeNull();
    } finally {
      start.process.kill('SIGTERM');
      await start.exited;
      await eventually(async () => !existsSync(path.join(stateFolder, 'db.lock')), 15_000);
      rmSync(stateFolder, { recursive: true, force: true });
    }
  });
});
