// The catalogue (schemaCatalogue.ts) of a set of migrations: the local bootstrap and the migrations, no seed, applied
// to a throwaway in-memory PGlite.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { paths } from '../paths.ts';
import { readSchemaCatalogue, type SchemaCatalogue } from './schemaCatalogue.ts';

export interface MigrationFile {
  name: string;
  sql: string;
}

export async function catalogueOfMigrations(migrations: readonly MigrationFile[]): Promise<SchemaCatalogue> {
  const db = new PGlite();
  try {
    await db.exec(readFileSync(paths.bootstrapFile, 'utf8'));
    for (const { name, sql } of migrations) {
      try {
        await db.exec(sql);
      } catch (error) {
        throw new Error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
    return await readSchemaCatalogue(
      db,
      migrations.map(({ sql }) => sql),
    );
  } finally {
    await db.close();
  }
}
