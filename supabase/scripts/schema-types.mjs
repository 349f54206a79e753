// The database's TypeScript types, generated from the schema by Supabase's own generator (postgres-meta, the program
// `supabase gen types typescript` runs), formatted with the repository's Prettier settings.
//   node supabase/scripts/schema-types.mjs --db-url <postgresql://...> --check   fails when the committed file differs
//   node supabase/scripts/schema-types.mjs --db-url <postgresql://...> --write   rewrites the committed file
// npm run types:generate (local/scripts/verifyPostgres.ts --types write) runs it against a throwaway PostgreSQL 17
// with every migration applied; npm run types:check and local/test/schemaTypes.test.ts check it.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Where the app reads its row types from (shared-ui's `@site/shared-ui/databaseTypes`). */
export const typesFile = path.join(repoRoot, 'shared-ui/src/data/database.types.ts');

const header = `// GENERATED from supabase/migrations by Supabase's type generator (postgres-meta); do not edit.
// Regenerate after changing the schema: npm run types:generate (a throwaway PostgreSQL 17 from npm).
`;

function runGenerator(dbUrl) {
  const require = createRequire(path.join(repoRoot, 'supabase/local/package.json'));
  const server = path.join(
    path.dirname(require.resolve('@supabase/postgres-meta/package.json')),
    'dist/server/server.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [server], {
      env: {
        ...process.env,
        PG_META_DB_URL: dbUrl,
        PG_META_GENERATE_TYPES: 'typescript',
        PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 && out.includes('export type Database')) resolve(out);
      else reject(new Error(`the type generator failed (exit ${code}):\n${err || out}`));
    });
  });
}

export async function generatedTypes(dbUrl) {
  const source = header + (await runGenerator(dbUrl));
  const options = await prettier.resolveConfig(typesFile);
  return prettier.format(source, { ...options, filepath: typesFile });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'db-url': { type: 'string' },
      check: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
  });
  if (!values['db-url'] || values.check === values.write) {
    console.error('usage: schema-types.mjs --db-url <url> (--check | --write)');
    process.exit(2);
  }
  const generated = await generatedTypes(values['db-url']);
  const relative = path.relative(repoRoot, typesFile);
  if (values.write) {
    writeFileSync(typesFile, generated);
    console.log(`schema types: wrote ${relative}`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(typesFile, 'utf8');
    } catch {
      // missing counts as different
    }
    if (committed !== generated) {
      const committedLines = committed.split('\n');
      const generatedLines = generated.split('\n');
      const first = generatedLines.findIndex((line, index) => line !== committedLines[index]);
      console.error(
        `schema types: ${relative} does not match the migrations (first difference at line ${first + 1}:\n` +
          `  committed: ${committedLines[first] ?? '(end of file)'}\n` +
          `  generated: ${generatedLines[first] ?? '(end of file)'})\n` +
          'Run `npm run types:generate` and commit the result.',
      );
      process.exit(1);
    }
    console.log(`schema types: ${relative} matches the migrations`);
  }
}
