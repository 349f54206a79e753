// The committed database types (shared-ui/src/data/database.types.ts) must be what Supabase's own generator makes of
// the migrations: a column changed without regenerating them fails here. It runs the generator against a throwaway
// real PostgreSQL 17, as hosted, with every migration applied (scripts/verifyPostgres.ts --types check).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { it } from 'node:test';
import { paths } from '../src/paths.ts';

it('the committed database types match the migrations (generated on PostgreSQL 17)', () => {
  const script = path.join(paths.supabaseDir, 'local/scripts/verifyPostgres.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, '--types', 'check'], {
    encoding: 'utf8',
    timeout: 180_000,
    cwd: path.join(paths.supabaseDir, 'local'),
  });
  const output = `${run.stdout}\n${run.stderr}`;
  assert.equal(run.status, 0, output);
  assert.match(run.stdout, /database\.types\.ts matches the migrations/);
});
