// The SQL that makes the local database, in order: the bootstrap of what hosted Supabase provides, every migration,
// then the seed. Their hash (with PGlite's version) names the pristine snapshot, so any change rebuilds it.
//
// The bootstrap makes a project created today, whose API roles get no privilege by default; 'old-project' adds the
// default privileges a project created before 2026-05-30 had (bootstrap-old-default-privileges.sql), for the test
// that proves the migrations end with the same privileges on both.
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

/** Which project the bootstrap makes: one created today (no default privileges for the API roles) or before. */
export type DefaultPrivileges = 'new-project' | 'old-project';

export function readSchemaSources(defaultPrivileges: DefaultPrivileges = 'new-project'): SqlSource[] {
  const migrations = readdirSync(paths.migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => source(path.join(paths.migrationsDir, name)));
  const bootstrap = [source(paths.bootstrapFile)];
  if (defaultPrivileges === 'old-project') bootstrap.push(source(paths.oldDefaultPrivilegesFile));
  return [...bootstrap, ...migrations, source(paths.seedFile)];
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
