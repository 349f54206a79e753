// npm run dev: every app rebuilt on change (webpack --watch, development mode), served as `npm start` serves them,
// with the local backend on its persisted data. Reload the page after a rebuild. Pages are not prerendered here:
// the shell renders them in the browser.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, sectionFolders, serveSite, sitePortsFor } from '../shell/server/serveSite.mjs';
import { startBackend } from './backend.mjs';
import { localMailEnv, startMailCatcher } from './mailCatcher.mjs';
import { oneLife } from './oneLife.mjs';

const apps = ['shell', ...Object.values(sectionFolders)];
const watchers = apps.map((app) =>
  spawn('npx', ['webpack', '--watch', '--mode', 'development', '--config', 'webpack.config.mjs'], {
    cwd: path.join(repoRoot, app),
    stdio: ['ignore', 'inherit', 'inherit'],
  }),
);

// The first builds must exist before the site is served.
const { existsSync } = await import('node:fs');
const built = () =>
  apps.every((app) =>
    existsSync(path.join(repoRoot, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
while (!built()) await new Promise((resolve) => setTimeout(resolve, 500));

const ports = sitePortsFor(0);
const mail = await startMailCatcher({ smtpPort: ports.mailSmtp, webPort: ports.mailInbox });
const backend = await startBackend({
  port: ports.backend,
  quiet: true,
  env: localMailEnv(mail, `http://localhost:${ports.shell}`),
});
const site = await serveSite({});
// One life from here on, before the banner: whoever reads the banner may stop the launcher at once.
oneLife([
  { name: 'the site servers', stop: () => site.close() },
  { name: 'the mail catcher', stop: () => mail.stop() },
  { name: `the backend (pid ${backend.pid})`, stop: () => backend.stop(), exited: backend.exited },
  ...watchers.map((watcher, index) => ({
    name: `the ${apps[index]} watcher`,
    stop: async () => {
      if (watcher.exitCode === null) watcher.kill('SIGTERM');
    },
    exited: new Promise((resolve) => watcher.once('exit', (code, signal) => resolve({ code, signal }))),
  })),
]);

console.log(
  `\n  Watching ${apps.join(', ')}. The site: ${site.url}  Backend: ${backend.url}  Mail: ${mail.inboxUrl}  Stop with Ctrl+C.\n`,
);
