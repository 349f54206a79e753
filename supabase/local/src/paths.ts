// Where the local stand-in finds the backend it serves. Everything is relative to the `supabase/` folder.
import path from 'node:path';

export const supabaseDir = path.resolve(import.meta.dirname, '../..');

export const paths = {
  supabaseDir,
  configToml: path.join(supabaseDir, 'config.toml'),
  migrationsDir: path.join(supabaseDir, 'migrations'),
  seedFile: path.join(supabaseDir, 'seed.sql'),
  bootstrapFile: path.join(supabaseDir, 'local/bootstrap.sql'),
  /** Run after the bootstrap, it makes a project created before 2026-05-30 (the old default privileges). */
  oldDefaultPrivilegesFile: path.join(supabaseDir, 'local/bootstrap-old-default-privileges.sql'),
  realtimeTriggersFile: path.join(supabaseDir, 'local/realtime-triggers.sql'),
  functionsDir: path.join(supabaseDir, 'functions'),
  storageContentDir: path.join(supabaseDir, 'storage/content'),
  /** Git-ignored state: the persisted database and the pristine snapshot. */
  stateDir: path.join(supabaseDir, '.local'),
};
