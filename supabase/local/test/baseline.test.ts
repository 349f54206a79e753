// The baseline (the migrations named 20261122...) gives exactly the schema of the migration chain it replaced, grants
// aside: their normalised catalogues (src/database/schemaCatalogue.ts) must be equal. test/fixtures/chain-catalogue.json
// is that chain's catalogue: first the 31 migrations folded into the baseline (commit 109f3c3), then the baseline with
// the 5 migrations folded into it later (commit 1078747), then with the 2 after those (commit 1a073de), written from
// the chain's files before each fold:
//   git -C <repo> archive 1a073de supabase/migrations | tar -x -C /tmp/chain
//   node --import tsx scripts/schemaCatalogue.ts --migrations /tmp/chain/supabase/migrations \
//     --write test/fixtures/chain-catalogue.json
// Later migrations (other prefixes) change the schema on purpose and are not part of the comparison.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { catalogueOfMigrations } from '../src/database/buildCatalogue.ts';
import type { SchemaCatalogue } from '../src/database/schemaCatalogue.ts';
import { paths } from '../src/paths.ts';

const baselinePrefix = '20261122';

it('the baseline gives the schema of the migration chain it replaced, grants aside', async () => {
  const files = readdirSync(paths.migrationsDir)
    .filter((name) => name.startsWith(baselinePrefix) && name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(paths.migrationsDir, name), 'utf8') }));
  assert.ok(files.length >= 5, `only ${files.length} baseline files`);
  const baseline = await catalogueOfMigrations(files);
  const chain = JSON.parse(
    readFileSync(path.join(import.meta.dirname, 'fixtures/chain-catalogue.json'), 'utf8'),
  ) as SchemaCatalogue;
  for (const section of Object.keys(chain) as (keyof SchemaCatalogue)[]) {
    assert.ok(chain[section].length > 0, `the chain's ${section} are empty`);
    assert.deepEqual(baseline[section], chain[section], `${section} differ`);
  }
  assert.deepEqual(Object.keys(baseline).sort(), Object.keys(chain).sort());
});
