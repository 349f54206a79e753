// npm run start -w @site/supabase-local [-- --port N --fresh --quiet --data-dir DIR --cors-origin URL
//                                          --api-keys legacy|both --no-schedule]
// npm run reset -w @site/supabase-local [-- --data-dir DIR]
//   start: serves the local Supabase stand-in until Ctrl+C. Data persists in supabase/.local/db, created from the
//          bootstrap, migrations and seed on first start and re-created when any of them changes.
//          --fresh: a throwaway in-memory copy of the seeded data instead (end-to-end tests).
//          --api-keys legacy: a project with only the legacy anon and service_role keys; both: such a project once it
//          has created the new keys (see startLocalSupabase's apiKeys); by default the publishable and secret keys of
//          a project created today.
//          --no-schedule: no scheduled functions (tests that run them themselves).
//   reset: throws the persisted data away and rebuilds it from the migrations and seed.
// Environment: SUPABASE_LOCAL_PORT, SUPABASE_LOCAL_FRESH=1, SUPABASE_LOCAL_QUIET=1, SUPABASE_LOCAL_CORS_ORIGINS
// (comma-separated), SUPABASE_LOCAL_API_KEYS=legacy|both, SUPABASE_LOCAL_MAIL_PURGE_EVERY_MS (the purge's period, for tests).
// The mail outbox and the newsletter run at start and every 2 s, the owner's report at start and every minute (as pg_cron runs the mail-outbox,
// newsletter-send and owner-report functions on a hosted project; the report goes once a week, when it is due), and old
// mail records are purged at start and hourly (pg_cron: daily); the functions send through SMTP_URL (npm start points
// it at its mail catcher) with MAIL_FROM, OWNER_EMAIL, SITE_URL and NEWSLETTER_POSTAL_ADDRESS.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensurePristineSnapshot, openDatabase, wipeDataDir } from './database/openDatabase.ts';
import { paths } from './paths.ts';
import { startLocalSupabase } from './startLocalSupabase.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    fresh: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'api-keys': { type: 'string' },
    'no-schedule': { type: 'boolean', default: false },
  },
});

const command = positionals[0] ?? 'start';
const flag = (name: string): boolean =>
  ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());
const dataDir = values['data-dir'] ?? path.join(paths.stateDir, 'db');
const timestamp = (): string => new Date().toISOString().slice(11, 23);
const log = (line: string): void => console.log(`${timestamp()} ${line}`);

async function start(): Promise<void> {
  const portText = values.port ?? process.env.SUPABASE_LOCAL_PORT;
  const corsOrigins = [
    ...(values['cors-origin'] ?? []),
    ...(process.env.SUPABASE_LOCAL_CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
  const apiKeys = values['api-keys'] ?? process.env.SUPABASE_LOCAL_API_KEYS ?? 'current';
  if (apiKeys !== 'current' && apiKeys !== 'legacy' && apiKeys !== 'both') {
    throw new Error(`--api-keys is 'current', 'legacy' or 'both', not '${apiKeys}'`);
  }
  const server = await startLocalSupabase({
    apiKeys,
    ...(portText !== undefined && { port: Number(portText) }),
    ...(values.host !== undefined && { host: values.host }),
    dataDir: values.fresh || flag('SUPABASE_LOCAL_FRESH') ? 'memory' : dataDir,
    quiet: values.quiet || flag('SUPABASE_LOCAL_QUIET'),
    corsOrigins,
    // --no-schedule: tests that run the outbox, the newsletter and the report themselves, with settings of their own.
    schedule: values['no-schedule']
      ? {}
      : { 'mail-outbox': 2000, 'newsletter-send': 2000, 'owner-report': 60_000 },
    mailPurgeEveryMs: Number(process.env.SUPABASE_LOCAL_MAIL_PURGE_EVERY_MS ?? 3_600_000),
    log,
  });
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    server
      .stop()
      .then(() => {
        log(`stopped (${signal})`);
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Started by a launcher (npm start, the tests) with an IPC channel: when the launcher goes, for whatever reason (a
  // crash, SIGKILL), the channel closes and the backend stops too, so no orphan keeps holding its port.
  if (process.send !== undefined) process.on('disconnect', () => stop('its launcher is gone'));
}

async function reset(): Promise<void> {
  const started = performance.now();
  wipeDataDir(dataDir);
  mkdirSync(paths.stateDir, { recursive: true });
  for (const name of readdirSync(paths.stateDir, { withFileTypes: true })) {
    if (name.isFile() && name.name.startsWith('pristine-')) rmSync(path.join(paths.stateDir, name.name));
  }
  await ensurePristineSnapshot(log);
  const opened = await openDatabase({ dataDir, log });
  await opened.close();
  log(
    `reset ${opened.location} from the migrations and seed in ${Math.round(performance.now() - started)} ms`,
  );
}

try {
  if (command === 'start') await start();
  else if (command === 'reset') await reset();
  else {
    console.error(`Unknown command "${command}": use start or reset`);
    process.exit(2);
  }
} catch (error) {
  console.error(`supabase-local: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
