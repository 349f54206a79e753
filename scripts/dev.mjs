// npm run dev: every app rebuilt on change (webpack --watch, development mode) into its own dist-dev folder, served as
// `npm start` serves its builds, with the local backend on its persisted data. Reload the page after a rebuild. Pages
// are not rendered on the server here (the renderer is a production build): the shell renders them in the browser.
// The production builds in dist are left alone, so `npm start` and the tests can run beside it.
//   node scripts/dev.mjs [--fresh-backend] [--quiet]      SITE_PORT_OFFSET=N moves every port by N
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, sectionFolders, serveSite, sitePortsFor } from '../shell/server/serveSite.mjs';
import { startBackend } from './backend.mjs';
import { localMailEnv, startMailCatcher } from './mailCatcher.mjs';
import { oneLife } from './oneLife.mjs';

const { values } = parseArgs({
  options: {
    'fresh-backend': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});
const buildFolder = 'dist-dev';
const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
// A watcher must not outlive its launcher, even one killed outright (SIGKILL). On Linux the kernel sees to it
// (setpriv's parent-death signal, util-linux): a build blocks the watcher's event loop for many seconds, so it could
// not notice in time by itself. Elsewhere the watcher ends when its stdin, a pipe from here, closes, once its current
// build is done.
const parentDeath = existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL'] : [];

const apps = ['shell', ...Object.values(sectionFolders)];
const watchers = apps.map((app) => {
  const [command, ...args] = [
    ...parentDeath,
    process.execPath,
    webpackCli,
    ...['--watch', '--watch-options-stdin', '--mode', 'development', '--config', 'webpack.config.mjs'],
    ...['--env', `outputFolder=${buildFolder}`],
  ];
  return spawn(command, args, {
    cwd: path.join(repoRoot, app),
    stdio: ['pipe', values.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
});
const watcherParts = watchers.map((watcher, index) => ({
  name: `the ${apps[index]} watcher (pid ${watcher.pid})`,
  stop: async () => {
    if (watcher.exitCode === null && watcher.signalCode === null) watcher.kill('SIGTERM');
  },
  exited: new Promise((resolve) => watcher.once('exit', (code, signal) => resolve({ code, signal }))),
}));
// One life from the start: a watcher that dies while the first builds run ends the launcher too.
const life = oneLife(watcherParts);

// The first builds must exist before the site is served.
const built = () =>
  apps.every((app) =>
    existsSync(path.join(repoRoot, app, buildFolder, app === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
while (!built()) await new Promise((resolve) => setTimeout(resolve, 500));

const portOffset = Number(process.env.SITE_PORT_OFFSET ?? 0);
const ports = sitePortsFor(portOffset);
const mail = await startMailCatcher({ smtpPort: ports.mailSmtp, webPort: ports.mailInbox });
const backend = await startBackend({
  port: ports.backend,
  fresh: values['fresh-backend'],
  quiet: true,
  env: localMailEnv(mail, `http://localhost:${ports.shell}`),
}).catch(async (error) => {
  await mail.stop();
  throw error;
});
const site = await serveSite({ portOffset, buildFolder, serverRender: false, quiet: values.quiet });
// The servers join before the banner: whoever reads the banner may stop the launcher at once.
life.add([
  { name: 'the site servers', stop: () => site.close() },
  { name: 'the mail catcher', stop: () => mail.stop() },
  { name: `the backend (pid ${backend.pid})`, stop: () => backend.stop(), exited: backend.exited },
]);

console.log(
  `\n  Watching ${apps.join(', ')}. The site: ${site.url}  Backend: ${backend.url} (pid ${backend.pid})  Mail: ${mail.inboxUrl}  Stop with Ctrl+C.\n`,
);
