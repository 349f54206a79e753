// Both cores busy, on purpose: the bench measures the routes once more while a process per core spins, so that a
// result is never a property of a quiet, fast machine (a visitor's phone runs other apps too). Each spinning process
// is a child with an IPC channel that yields to its event loop every 100 ms: it ends when told to, and on its own when
// the bench goes (the channel closes), so no spinner outlives the bench, however the bench ends.
import { spawn } from 'node:child_process';
import os from 'node:os';

const spinner = `
process.on('disconnect', () => process.exit(0));
const spin = () => {
  const until = Date.now() + 100;
  while (Date.now() < until);
  setImmediate(spin);
};
spin();
`;

/**
 * Starts one spinning process per core (or `processes`).
 * @returns {{ processes: number, pids: number[], stop: () => Promise<void> }}
 */
export function startCpuBurner({ processes = os.cpus().length } = {}) {
  const children = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['-e', spinner], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }),
  );
  const exits = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  return {
    processes,
    pids: children.map((child) => child.pid),
    stop: async () => {
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(exits);
    },
  };
}
