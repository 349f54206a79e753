// The SQL that makes the local database, in order: the bootstrap of what hosted Supabase provides, every migration,
// then the seed. Their hash (with PGlite's version) names the pristine snapshot, so any change rebuilds it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { paths } from '../paths.ts';

export interface SqlSource {
  /** Path relative to supabase/, for messages. */
  name: string;
  sql: string;
}

function source(file: string): SqlSource {
  return { name: path.relative(paths.supabaseDir, file), sql: readFileSync(file, 'utf8') };
}

export function readSchemaSources(): SqlSource[] {
  const migrations = readdirSync(paths.migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => source(path.join(paths.migrationsDir, name)));
  return [source(paths.bootstrapFile), ...migrations, source(paths.seedFile)];
}

function pgliteVersion(): string {
  // The package does not export its package.json; its entry point sits in dist/.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

export function hashSchemaSources(sources: SqlSource[]): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const { name, sql } of sources) hash.update(`-- ${name}\n${sql}\n`);
  return hash.digest('hex').slice(0, 16);
}
