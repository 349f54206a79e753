// Every edge function of supabase/functions starts in the stand-in's Deno and answers from its own code, as deployed:
// a keyless call reaches the function (verify_jwt = false for all of them) and is refused by the function itself, the
// way it refuses callers on a hosted project. A function that cannot load in Deno (an import the import map lacks, a
// Node-only module) answers 503 here and fails this test. What each function does is tested through the same path by
// the functions' own tests and the end-to-end suite.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paths } from '../src/paths.ts';
import type { LocalSupabase } from '../src/startLocalSupabase.ts';
import { ownLocalSupabase } from './support/localSupabase.ts';

const functionNames = readdirSync(paths.functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(paths.functionsDir, entry.name, 'index.ts')))
  .map((entry) => entry.name);

describe('the edge functions in Deno', () => {
  let server: LocalSupabase;
  const log: string[] = [];

  before(async () => {
    server = await ownLocalSupabase(log);
  });
  after(() => server?.stop());

  it('are all there', () => {
    assert.ok(functionNames.length >= 10, functionNames.join(', '));
  });

  // CI: turbo wrote the functions' test log (supabase/functions/.turbo) while this file ran, the runtime restarted
  // under a call, and analytics-events answered 500 ('socket hang up').
  it('keeps running when a tool writes its log beside the functions', async () => {
    const toolDir = path.join(paths.functionsDir, '.turbo');
    const created = !existsSync(toolDir);
    const probe = path.join(toolDir, `probe-${process.pid}.log`);
    mkdirSync(toolDir, { recursive: true });
    // The runtime (and its watcher) starts on the first call.
    await fetch(`${server.url}/functions/v1/${functionNames[0]}`, { method: 'POST', body: '{}' }).then((r) =>
      r.text(),
    );
    try {
      writeFileSync(probe, 'a line\n');
      await new Promise((resolve) => setTimeout(resolve, 600));
      writeFileSync(probe, 'another line\n', { flag: 'a' });
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      rmSync(created ? toolDir : probe, { recursive: true, force: true });
    }
    assert.deepEqual(
      log.filter((line) => line.includes('restarting the Deno runtime')),
      [],
    );
  });

  for (const name of functionNames) {
    it(`${name} starts and refuses a caller without a key (or a signature) itself`, async () => {
      const response = await fetch(`${server.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const body = (await response.json()) as Record<string, unknown>;
      assert.equal(response.status, 401, `${name}: ${JSON.stringify(body)}\n${log.join('\n')}`);
      assert.ok(
        ['missing_api_key', 'unsigned', 'invalid_signature'].some((reason) =>
          Object.values(body).includes(reason),
        ),
        `${name}: ${JSON.stringify(body)}`,
      );
    });
  }
});
