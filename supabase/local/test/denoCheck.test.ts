// Every edge function type-checks under Deno with functions/deno.json, as `supabase functions deploy` needs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';

it('deno check passes for every function and the shared code', () => {
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, '../scripts/checkFunctions.mjs')],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /_shared\/env\.ts/);
});
