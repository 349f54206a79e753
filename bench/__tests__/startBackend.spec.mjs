import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sitePortsFor } from '../../shell/server/serveSite.mjs';

// Clear of npm start, the e2e suite's sites and bench:load's (+80, +90).
const port = sitePortsFor(Number(process.env.SITE_PORT_OFFSET ?? 0) + 190).backend;

describe("the benches' backend (scripts/backend.mjs)", () => {
  it('is waited for as it stops, by a launcher that has nothing else left to do', async () => {
    // The launcher's last step is the stop: if nothing held it, Node would end it there, with the await unsettled.
    const launcher = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startBackend } = await import(${JSON.stringify(new URL('../../scripts/backend.mjs', import.meta.url).href)});
         const backend = await startBackend({ port: ${port}, fresh: true, quiet: true });
         await backend.stop();
         console.log('stopped');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    launcher.stdout.on('data', (data) => (output += data));
    const [code] = await once(launcher, 'exit');
    assert.equal(output.trim().split('\n').at(-1), 'stopped');
    assert.equal(code, 0);
  });
});
