import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { startCpuBurner } from '../cpuBurner.mjs';

const running = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The CPU time a process has used, in clock ticks (Linux: /proc/<pid>/stat, user and system). */
function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function until(condition, what) {
  for (let tries = 0; tries < 300; tries += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`never: ${what}`);
}

describe('the CPU burner', () => {
  it('spins a process per core until it is stopped', async () => {
    const burner = startCpuBurner();
    assert.equal(burner.processes, cpus().length);
    try {
      for (const pid of burner.pids) {
        assert.ok(running(pid));
        await until(() => cpuTicks(pid) > 10, `process ${pid} spins`);
      }
    } finally {
      await burner.stop();
    }
    for (const pid of burner.pids) assert.equal(running(pid), false, `process ${pid} ended`);
  });

  it('never outlives the process that started it, however that process ends', async () => {
    const parent = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startCpuBurner } = await import(${JSON.stringify(new URL('../cpuBurner.mjs', import.meta.url).href)});
         console.log(JSON.stringify(startCpuBurner({ processes: 2 }).pids));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pids = await new Promise((resolve) =>
      parent.stdout.once('data', (data) => resolve(JSON.parse(String(data)))),
    );
    assert.equal(pids.length, 2);
    for (const pid of pids) assert.ok(running(pid));
    parent.kill('SIGKILL');
    for (const pid of pids) await until(() => !running(pid), `process ${pid} ends with its parent`);
  });
});
