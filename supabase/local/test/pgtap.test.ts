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

const testsDir = path.join(paths.supabaseDir, 'tests/database');

/** Runs one pgTAP file and returns its TAP lines. */
async function runTapFile(db: PGlite, sql: string): Promise<string[]> {
  let results;
  try {
    results = await db.exec(sql);
  } catch (error) {
    await db.exec('rollback').catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    return [`not ok - SQL error: ${message}`];
  }
  const lines: string[] = [];
  for (const result of results) {
    for (const row of result.rows as Record<string, unknown>[]) {
      const values = Object.values(row);
      if (values.length === 1 && typeof values[0] === 'string') lines.push(...values[0].split('\n'));
    }
  }
  return lines.filter((line) => /^(ok |not ok|1\.\.|#)/.test(line) || /^\s+#/.test(line));
}

/** A TAP verdict: passes only with a plan, every planned assertion ok, and no failure. */
export function tapVerdict(lines: string[]): {
  ok: boolean;
  planned: number;
  passed: number;
  reason?: string;
} {
  const plan = lines.map((line) => /^1\.\.(\d+)$/.exec(line)?.[1]).find((value) => value !== undefined);
  const passed = lines.filter((line) => /^ok \d+/.test(line)).length;
  const failed = lines.filter((line) => /^not ok/.test(line)).length;
  const planned = plan === undefined ? 0 : Number(plan);
  if (plan === undefined) return { ok: false, planned, passed, reason: 'no plan' };
  if (failed > 0) return { ok: false, planned, passed, reason: `${failed} failed` };
  if (lines.some((line) => line.startsWith('# Looks like')))
    return { ok: false, planned, passed, reason: 'pgTAP reports a problem' };
  if (passed !== planned) return { ok: false, planned, passed, reason: `planned ${planned}, ran ${passed}` };
  return { ok: true, planned, passed };
}

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
