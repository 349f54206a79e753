// npm start and npm run dev have one life: when any of their processes dies, the launcher stops the others and exits
// non-zero, naming the cause; no backend or watcher is left holding a port or a CPU (an orphaned backend used to make
// the next start fail with "Port 54321 is taken"). The launchers are started as npm starts them (scripts/serve.mjs,
// scripts/dev.mjs), on ports of their own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

async function startLauncher(name: LauncherName): Promise<Launcher> {
  const child = spawn(
    process.execPath,
    [
      path.resolve(import.meta.dirname, '../../../scripts', launchers[name].script),
      '--fresh-backend',
      '--quiet',
    ],
    {
      env: { ...process.env, SITE_PORT_OFFSET: String(launchers[name].offset) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // npm run dev first builds every app in development mode (about a minute here).
  await eventually(async () => /pid (\d+)/.test(output) && (await portOpen(sitePort(name))), 180_000).catch(
    (error: Error) => {
      child.kill('SIGTERM');
      throw new Error(`${error.message}; the launcher said:\n${output.slice(-2000)}`);
    },
  );
  return { process: child, output: () => output, exited, backendPid: Number(/pid (\d+)/.exec(output)![1]) };
}

/** The webpack watchers a launcher runs, by process id. */
function watcherPids(launcher: Launcher): number[] {
  const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(launcher.process.pid)], {
    encoding: 'utf8',
  });
  return children
    .split('\n')
    .filter((line) => /\bwebpack\b/.test(line))
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

  test('when a watcher dies, the launcher stops the servers and the other watchers, and exits with the cause', async () => {
    const launcher = await startLauncher('dev');
    const watchers = watcherPids(launcher);
    expect(watchers).toHaveLength(5);
    const [first, ...others] = watchers as [number, ...number[]];
    process.kill(first, 'SIGKILL');
    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toMatch(
      new RegExp(`the \\S+ watcher \\(pid ${first}\\) stopped \\(SIGKILL\\): stopping everything else`),
    );
    expect(await portOpen(sitePort('dev'))).toBe(false);
    await eventually(async () => !(await portOpen(backendPort('dev'))), 15_000);
    await eventually(async () => !others.some(running), 15_000);
  });

  test('when the launcher itself dies by SIGKILL, its watchers and its backend stop', async () => {
    const launcher = await startLauncher('dev');
    const watchers = watcherPids(launcher);
    expect(watchers).toHaveLength(5);
    launcher.process.kill('SIGKILL');
    await launcher.exited;
    await eventually(async () => !watchers.some(running), 15_000);
    await eventually(async () => !(await portOpen(backendPort('dev'))), 15_000);
  });
});
