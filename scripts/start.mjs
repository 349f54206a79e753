// npm start: builds every app in production mode (turbo skips what has not changed), then serves the site.
import { spawnSync } from 'node:child_process';

const build = spawnSync('npx', ['turbo', 'run', 'build', '--concurrency=2', '--output-logs=errors-only'], {
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
});
if (build.status !== 0) process.exit(build.status ?? 1);
await import('./serve.mjs');
