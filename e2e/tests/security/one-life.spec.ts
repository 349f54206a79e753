// npm start has one life: when any of its processes dies, the launcher stops the others and exits non-zero, naming
// the cause; no backend is left holding its port (an orphaned backend used to make the next start fail with "Port
// 54321 is taken"). The launcher is started as npm start starts it (scripts/serve.mjs), on ports of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { portOffset } from '../../support/site.ts';

/** Ports of their own, clear of the suite's and of its second sites (offsets 10-60). */
const launcherOffset = portOffset + 70;
const sitePort = 3000 + launcherOffset;
const backendPort = 54321 + launcherOffset;

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

async function startLauncher(): Promise<Launcher> {
  const child = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../../scripts/serve.mjs'), '--fresh-backend', '--quiet'],
    {
      env: { ...process.env, SITE_PORT_OFFSET: String(launcherOffset) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await eventually(async () => /pid (\d+)/.test(output) && (await portOpen(sitePort)), 90_000);
  return { process: child, output: () => output, exited, backendPid: Number(/pid (\d+)/.exec(output)![1]) };
}

test('when the backend dies, the launcher stops the site and exits with the cause', async () => {
  const launcher = await startLauncher();
  expect(await portOpen(backendPort)).toBe(true);
  process.kill(launcher.backendPid, 'SIGKILL');
  expect(await launcher.exited).toBe(1);
  expect(launcher.output()).toMatch(/the backend \(pid \d+\) stopped \(SIGKILL\): stopping everything else/);
  expect(await portOpen(sitePort)).toBe(false);
  expect(await portOpen(backendPort)).toBe(false);
});

test('when the launcher itself dies, even by SIGKILL, the backend stops and frees its port', async () => {
  const launcher = await startLauncher();
  launcher.process.kill('SIGKILL');
  await launcher.exited;
  await eventually(async () => !(await portOpen(backendPort)), 15_000);
  // The next start finds its ports free.
  const again = await startLauncher();
  again.process.kill('SIGTERM');
  expect(await again.exited).toBe(0);
  await eventually(async () => !(await portOpen(backendPort)), 15_000);
});
