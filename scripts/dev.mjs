// npm run dev [-- <app> ...]: the site under development. Each app named (shell, portfolio, tutorials, courses, help;
// all five when none is) is built and served hot by a dev server of its own (scripts/devServer.mjs): a saved change
// shows in the open page without a reload, React components keeping their state (React Refresh). The apps not named
// are served as they are built: a section from its production build (built once if missing), the shell from its
// development build, made again only when its sources changed (it provides React to the page, and React Refresh
// needs React's development build). Pages are rendered in the browser, not on the server (the renderer is a production
// build). The backend keeps data of its own (supabase/.local/db-dev), so `npm start` and the tests run beside it.
//   node scripts/dev.mjs [app ...] [--fresh-backend] [--backend-data DIR] [--quiet]
//   SITE_PORT_OFFSET=N moves every port by N. --backend-data: the folder of the backend's data (default supabase/.local)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, serveSite, sitePortsFor } from '../shell/server/serveSite.mjs';
import { backendDataDir, startBackend } from './backend.mjs';
import { appFolder, apps, devBuildFolder, devServerPort } from './devApps.mjs';
import { localMailEnv, startMailCatcher } from './mailCatcher.mjs';
import { oneLife } from './oneLife.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'fresh-backend': { type: 'boolean', default: false },
    'backend-data': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const watched = positionals.length > 0 ? [...new Set(positionals)] : apps;
watched.forEach(appFolder);
const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);
const ports = sitePortsFor(portOffset);
const output = values.quiet ? 'ignore' : 'inherit';

// A child must not outlive its launcher, even one killed outright (SIGKILL). On Linux the kernel sees to it
// (setpriv's parent-death signal, util-linux): a build blocks a dev server's event loop for seconds, so it could not
// notice in time by itself. Elsewhere a dev server ends when its IPC channel to the launcher closes.
const parentDeath = existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL'] : [];
function spawnChild(args, options) {
  const [command, ...rest] = [...parentDeath, ...args];
  return spawn(command, rest, options);
}

/** Runs a build to its end; fails with its exit code. */
function build(name, args, options) {
  const child = spawnChild(args, { ...options, stdio: ['ignore', output, 'inherit'] });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (exit code ${code})`)),
    ),
  );
}

const devServers = watched.map((app) => {
  const child = spawnChild(
    [
      process.execPath,
      path.join(import.meta.dirname, 'devServer.mjs'),
      app,
      '--port',
      String(devServerPort(app, portOffset)),
    ],
    // In the app's folder, as webpack runs there (the federation plugin finds runtime plugins from it).
    { cwd: path.join(repoRoot, appFolder(app)), stdio: ['ignore', output, 'inherit', 'ipc'] },
  );
  const firstBuild = new Promise((resolve) => child.once('message', (message) => resolve(message.built)));
  return { app, child, firstBuild };
});
// One life from the start: a dev server that dies while the others build ends the launcher too.
const life = oneLife(
  devServers.map(({ app, child }) => ({
    name: `the ${app} dev server (pid ${child.pid})`,
    // Its build's cache is written as it stops (webpack writes it when idle, too): the next start begins from it.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  })),
);

// What is not watched is served as built, by turbo, which builds only what changed since (from its cache): a
// section's production build if it has none (`npm run build` brings them all up to date), and the shell's
// development build (build:dev) whenever its sources changed.
const sectionsAsBuilt = apps.filter((app) => app !== 'shell' && !watched.includes(app));
const tasks = [
  ...(watched.includes('shell') ? [] : ['@site/shell#build:dev']),
  ...sectionsAsBuilt
    .filter((section) => !existsSync(path.join(repoRoot, appFolder(section), 'dist/mf-manifest.json')))
    .map((section) => `@site/${appFolder(section)}#build`),
];
const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
const builds =
  tasks.length === 0
    ? Promise.resolve()
    : build(
        `turbo run ${tasks.join(' ')}`,
        [process.execPath, turbo, 'run', ...tasks, '--output-logs=errors-only'],
        {
          cwd: repoRoot,
          env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
        },
      );

const mail = await startMailCatcher({ smtpPort: ports.mailSmtp, webPort: ports.mailInbox });
life.add([{ name: 'the mail catcher', stop: () => mail.stop() }]);
const backend = await startBackend({
  port: ports.backend,
  fresh: values['fresh-backend'],
  dataDir: backendDataDir('dev', values['backend-data']),
  quiet: true,
  env: localMailEnv(mail, `http://localhost:${ports.shell}`),
});
life.add([{ name: `the backend (pid ${backend.pid})`, stop: () => backend.stop(), exited: backend.exited }]);

await builds;
for (const { app, firstBuild } of devServers) {
  const { ok } = await firstBuild;
  if (!ok)
    console.error(
      `\n  The first build of ${app} has errors (above): the page shows them until a save fixes them.\n`,
    );
}

const site = await serveSite({
  portOffset,
  buildFolder: devBuildFolder,
  sectionRoots: Object.fromEntries(
    sectionsAsBuilt.map((section) => [section, path.join(repoRoot, appFolder(section), 'dist')]),
  ),
  serverRender: false,
  // The builds carry full source maps of code not yet published: no other website may read them.
  privateSections: true,
  connectSources: watched.map((app) => `ws://127.0.0.1:${devServerPort(app, portOffset)}`),
  quiet: values.quiet,
});
// The servers join before the banner: whoever reads the banner may stop the launcher at once.
life.add([{ name: 'the site servers', stop: () => site.close() }]);

const asBuilt = apps.filter((app) => !watched.includes(app));
console.log(
  `\n  Ready in ${(performance.now() / 1000).toFixed(1)} s. Hot: ${watched.join(', ')}` +
    `${asBuilt.length > 0 ? `; as built: ${asBuilt.join(', ')}` : ''}.` +
    `\n  The site: ${site.url}  Backend: ${backend.url} (pid ${backend.pid})  Mail: ${mail.inboxUrl}  Stop with Ctrl+C.\n`,
);
