// The committed database types (shared-ui/src/data/database.types.ts) must be what Supabase's own generator makes of
// the migrations: a column changed without regenerating them fails here. It runs the generator against a throwaway
// real PostgreSQL 15 with every migration applied (supabase/scripts/verify-postgres15.sh --types check).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';
import { paths } from '../src/paths.ts';

it('the committed database types match the migrations (generated on PostgreSQL 15)', () => {
  const script = path.join(paths.supabaseDir, 'scripts/verify-postgres15.sh');
  const run = spawnSync('bash', [script, '--types', 'check'], { encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.status, 0, output);
  assert.match(run.stdout, /database\.types\.ts matches the migrations/);
});
