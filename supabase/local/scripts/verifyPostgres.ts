// Proves that the schema is real-PostgreSQL clean, on a throwaway cluster set up as a hosted Supabase database
// (test/support/realPostgres.ts: supabase_admin runs the bootstrap, `postgres`, not a superuser, the migrations and
// seed), then runs every pgTAP file of supabase/tests/database there as `postgres`. Exits non-zero on any failure.
//
//   node --import tsx scripts/verifyPostgres.ts [--version 17|15] [--default-privileges old-project]
//        [--types check|write]
//
// --version 17 (the default) is what a new hosted project runs, from npm; 15 is Debian's (apt-get install -y
// postgresql-15 postgresql-15-pgtap). --default-privileges old-project makes a project created before 2026-05-30.
// --types check|write generates the database's TypeScript types from the migrated schema with Supabase's own
// generator (supabase/scripts/schema-types.mjs) and checks them against, or writes them to, the committed file.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DefaultPrivileges } from '../src/database/schemaSources.ts';
import { paths } from '../src/paths.ts';
import { startRealPostgres, type PostgresVersion } from '../test/support/realPostgres.ts';
import { runTapFile, sqlRunner, tapVerdict } from '../test/support/tap.ts';

const { values } = parseArgs({
  options: {
    version: { type: 'string', default: '17' },
    'default-privileges': { type: 'string', default: 'new-project' },
    types: { type: 'string' },
  },
});
const version = Number(values.version) as PostgresVersion;
const defaultPrivileges = values['default-privileges'] as DefaultPrivileges;
if (![15, 17].includes(version) || !['new-project', 'old-project'].includes(defaultPrivileges)) {
  console.error(
    'usage: verifyPostgres.ts [--version 17|15] [--default-privileges old-project] [--types check|write]',
  );
  process.exit(2);
}
if (values.types !== undefined && !['check', 'write'].includes(values.types)) {
  console.error('--types takes check or write');
  process.exit(2);
}

const label = `verify-postgres ${version}`;
const cluster = await startRealPostgres({ version, defaultPrivileges, seed: values.types === undefined });
let failed = false;
try {
  console.log(
    `${label}: ${cluster.version.split(' on ')[0]}, a project created ${defaultPrivileges === 'new-project' ? 'today' : 'before 2026-05-30'}`,
  );
  if (values.types !== undefined) {
    const generator = spawnSync(
      process.execPath,
      [
        path.join(paths.supabaseDir, 'scripts/schema-types.mjs'),
        `--${values.types}`,
        '--db-url',
        `postgresql://postgres@localhost/postgres?host=${cluster.socketDir}&port=${cluster.port}`,
      ],
      { stdio: 'inherit' },
    );
    failed = generator.status !== 0;
  } else {
    const testsDir = path.join(paths.supabaseDir, 'tests/database');
    const files = readdirSync(testsDir)
      .filter((name) => name.endsWith('.test.sql'))
      .sort();
    let assertions = 0;
    for (const file of files) {
      const client = await cluster.connect('postgres');
      const lines = await runTapFile(sqlRunner(client), readFileSync(path.join(testsDir, file), 'utf8'));
      await client.end();
      const verdict = tapVerdict(lines);
      if (verdict.ok) {
        console.log(`ok - tests/database/${file} (${verdict.passed} assertions)`);
        assertions += verdict.passed;
      } else {
        failed = true;
        console.log(`not ok - tests/database/${file} (${verdict.reason})`);
        console.log(lines.map((line) => `    ${line}`).join('\n'));
      }
    }
    console.log(
      failed
        ? `${label}: FAILED`
        : `${label}: migrations, seed and ${assertions} pgTAP assertions pass on PostgreSQL ${version}`,
    );
  }
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
