// The schema a set of migrations gives, as the normalised catalogue of src/database/schemaCatalogue.ts: applies the
// local bootstrap and the migrations (no seed) to a throwaway PGlite and prints the catalogue as JSON, or writes it.
//
//   node --import tsx scripts/schemaCatalogue.ts [--migrations <dir>] [--write <file>]
//
// The baseline test (test/baseline.test.ts) compares the baseline's catalogue with test/fixtures/chain-catalogue.json,
// which was written once by this script from the migration chain the baseline replaced (see that test's comment).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueOfMigrations } from '../src/database/buildCatalogue.ts';
import { paths } from '../src/paths.ts';

const { values } = parseArgs({
  options: { migrations: { type: 'string' }, write: { type: 'string' } },
});
const directory = path.resolve(values.migrations ?? paths.migrationsDir);
const files = readdirSync(directory)
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .map((name) => ({ name, sql: readFileSync(path.join(directory, name), 'utf8') }));
const catalogue = await catalogueOfMigrations(files);
const text = `${JSON.stringify(catalogue, null, 1)}\n`;
if (values.write) {
  writeFileSync(values.write, text);
  console.log(`wrote the catalogue of ${files.length} migrations to ${values.write}`);
} else process.stdout.write(text);
