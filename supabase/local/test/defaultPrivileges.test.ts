// The migrations end with the same privileges on a Supabase project created today (no default privileges for the API
// roles: what the stand-in's bootstrap makes) as on one created before 2026-05-30 (everything `postgres` creates in
// `public` granted to them at once: bootstrap-old-default-privileges.sql after the bootstrap). Every object's access
// list is read from both databases and must be the same, and the privilege matrix (pgTAP) passes on the old kind too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { pgtap } from '@electric-sql/pglite-pgtap';
import { ensurePristineSnapshot, openMemoryDatabase } from '../src/database/openDatabase.ts';
import { paths } from '../src/paths.ts';
import { accessLists, apiDefaults } from './support/accessLists.ts';
import { runTapFile, tapVerdict } from './support/tap.ts';

describe('default privileges: a project created today and one created before', () => {
  let today: PGlite;
  let before2026: PGlite;
  before(async () => {
    const quiet = (): void => undefined;
    today = await openMemoryDatabase(await ensurePristineSnapshot(quiet, paths.stateDir, 'new-project'), {
      pgtap,
    });
    before2026 = await openMemoryDatabase(
      await ensurePristineSnapshot(quiet, paths.stateDir, 'old-project'),
      {
        pgtap,
      },
    );
  });
  after(async () => {
    await today?.close();
    await before2026?.close();
  });

  it('the two bootstraps make the two kinds of project', async () => {
    assert.deepEqual((await today.query(apiDefaults)).rows, [], 'a project created today has no defaults');
    const old = (await before2026.query<{ kind: string; acl: string }>(apiDefaults)).rows;
    assert.deepEqual(
      old.map((row) => row.kind),
      ['S', 'f', 'r'],
      'the old project has defaults for sequences, functions and tables',
    );
    for (const row of old) assert.match(row.acl, /anon=/);
  });

  it('every access list is the same on both', async () => {
    const onToday = (await today.query<{ object: string; acl: string }>(accessLists)).rows;
    const onOld = (await before2026.query<{ object: string; acl: string }>(accessLists)).rows;
    assert.ok(onToday.length > 60, `only ${onToday.length} objects`);
    assert.deepEqual(onOld, onToday);
  });

  it('the privilege matrix passes on the project created before', async () => {
    const file = path.join(paths.supabaseDir, 'tests/database/06_privilege_matrix.test.sql');
    const lines = await runTapFile(before2026, readFileSync(file, 'utf8'));
    const verdict = tapVerdict(lines);
    if (!verdict.ok) assert.fail(`${verdict.reason}\n${lines.join('\n')}`);
  });
});
