// Runs the pgTAP files of supabase/tests/database on PGlite (with @electric-sql/pglite-pgtap), each against the
// pristine seeded database, exactly as `supabase test db` runs them: a file fails on any `not ok`, a plan mismatch or
// an SQL error, and its TAP output is printed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { pgtap } from '@electric-sql/pglite-pgtap';
import { ensurePristineSnapshot, openMemoryDatabase } from '../src/database/openDatabase.ts';
import { paths } from '../src/paths.ts';
import { runTapFile, tapVerdict } from './support/tap.ts';

const testsDir = path.join(paths.supabaseDir, 'tests/database');

describe('pgTAP on PGlite', () => {
  let db: PGlite;
  before(async () => {
    db = await openMemoryDatabase(await ensurePristineSnapshot(() => undefined), { pgtap });
  });
  after(async () => {
    await db.close();
  });

  const files = readdirSync(testsDir)
    .filter((name) => name.endsWith('.test.sql'))
    .sort();

  it('finds the pgTAP files', () => {
    assert.ok(files.length >= 6, `only ${files.length} files in ${testsDir}`);
  });

  for (const file of files) {
    it(file, async (t) => {
      const lines = await runTapFile(db, readFileSync(path.join(testsDir, file), 'utf8'));
      const verdict = tapVerdict(lines);
      if (!verdict.ok) assert.fail(`${file}: ${verdict.reason}\n${lines.join('\n')}`);
      t.diagnostic(`${verdict.passed} assertions`);
    });
  }

  it('the runner itself catches a failing assertion, a plan mismatch and an SQL error', async () => {
    const failing = await runTapFile(
      db,
      `begin; create extension if not exists pgtap with schema extensions;
      select plan(2); select ok(true, 'fine'); select ok(false, 'broken'); select * from finish(); rollback;`,
    );
    assert.equal(tapVerdict(failing).ok, false);
    const short = await runTapFile(
      db,
      `begin; create extension if not exists pgtap with schema extensions;
      select plan(3); select ok(true, 'one'); select * from finish(); rollback;`,
    );
    assert.equal(tapVerdict(short).ok, false);
    const broken = await runTapFile(
      db,
      `begin; create extension if not exists pgtap with schema extensions;
      select plan(1); select no_such_function(); rollback;`,
    );
    assert.equal(tapVerdict(broken).ok, false);
    const fine = await runTapFile(
      db,
      `begin; create extension if not exists pgtap with schema extensions;
      select plan(1); select ok(true, 'one'); select * from finish(); rollback;`,
    );
    assert.equal(tapVerdict(fine).ok, true);
  });
});
