// The schema on real PostgreSQL 17, the version a new hosted project runs (binaries from npm), set up as hosted
// Supabase is: supabase_admin is the superuser and runs the bootstrap, `postgres` is not one and runs the migrations,
// the seed and every pgTAP file. On a project created today (no default privileges for the API roles) every file
// passes; on one created before 2026-05-30 (the old defaults) the privilege matrix passes too, and every access list
// is the one a project created today has.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { paths } from '../src/paths.ts';
import { startRealPostgres, type RealPostgres } from './support/realPostgres.ts';
import { runTapFile, sqlRunner, tapVerdict } from './support/tap.ts';
import { accessLists, apiDefaults } from './support/accessLists.ts';

const testsDir = path.join(paths.supabaseDir, 'tests/database');

async function tapFileOn(cluster: RealPostgres, file: string): Promise<void> {
  const client = await cluster.connect('postgres');
  try {
    const lines = await runTapFile(sqlRunner(client), readFileSync(path.join(testsDir, file), 'utf8'));
    const verdict = tapVerdict(lines);
    if (!verdict.ok) assert.fail(`${file} on ${cluster.version}: ${verdict.reason}\n${lines.join('\n')}`);
  } finally {
    await client.end();
  }
}

async function accessListsOn(cluster: RealPostgres): Promise<unknown[]> {
  const client = await cluster.connect('postgres');
  try {
    return (await client.query(accessLists)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL 17, set up as a hosted project', () => {
  let today: RealPostgres;
  before(async () => {
    today = await startRealPostgres({ version: 17 });
  });
  after(async () => {
    await today?.stop();
  });

  it('runs PostgreSQL 17 with `postgres` not a superuser, and without pgjwt (which 17 no longer has)', async () => {
    const client = await today.connect('postgres');
    try {
      assert.match(today.version, /^PostgreSQL 17\./);
      const { rows } = await client.query<{ superuser: boolean; pgjwt: number }>(
        `select (select rolsuper from pg_roles where rolname = 'postgres') as superuser,
                (select count(*)::int from pg_available_extensions where name = 'pgjwt') as pgjwt`,
      );
      assert.deepEqual(rows[0], { superuser: false, pgjwt: 0 });
    } finally {
      await client.end();
    }
  });

  const files = readdirSync(testsDir)
    .filter((name) => name.endsWith('.test.sql'))
    .sort();
  for (const file of files) it(file, () => tapFileOn(today, file));

  it('on a project created before 2026-05-30, the matrix holds and every access list is the same', async () => {
    const old = await startRealPostgres({ version: 17, defaultPrivileges: 'old-project', seed: false });
    try {
      const client = await old.connect('postgres');
      const defaults = (await client.query<{ kind: string }>(apiDefaults)).rows.map((row) => row.kind);
      await client.end();
      assert.deepEqual(defaults, ['S', 'f', 'r'], 'the old project grants new objects to the API roles');
      await tapFileOn(old, '06_privilege_matrix.test.sql');
      assert.deepEqual(await accessListsOn(old), await accessListsOn(today));
    } finally {
      await old.stop();
    }
  });
});
