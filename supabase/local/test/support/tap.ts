// Runs a pgTAP file (on PGlite, or on a real PostgreSQL through node-postgres) and judges its TAP output as
// `supabase test db` does: a file fails on any `not ok`, a plan mismatch or an SQL error.

/** What runs a file of statements and answers with each statement's rows: PGlite's exec, or sqlRunner(client). */
export interface SqlRunner {
  exec(sql: string): Promise<{ rows: unknown[] }[]>;
}

/** A node-postgres client as a SqlRunner (one answer per statement of a multi-statement query). */
export function sqlRunner(client: { query(sql: string): Promise<unknown> }): SqlRunner {
  return {
    exec: async (sql) => {
      const answer = (await client.query(sql)) as { rows: unknown[] } | { rows: unknown[] }[];
      return Array.isArray(answer) ? answer : [answer];
    },
  };
}

/** Runs one pgTAP file and returns its TAP lines. */
export async function runTapFile(db: SqlRunner, sql: string): Promise<string[]> {
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
