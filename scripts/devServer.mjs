// One app under development, served hot: webpack-dev-server builds the app (development mode, React Refresh: see
// tools/webpack/createAppConfig.mjs), watches its sources and the kit's, writes every build into the app's dist-dev/
// (which the site's own servers serve, as they serve dist/ in production, headers and Content-Security-Policy
// included), and tells the open pages of each update through its socket, where the app's hot update client (in the
// app's own code) fetches and applies it. Started by scripts/dev.mjs, one process per watched app, which it tells of
// each build over IPC ({ built: { ok, ms } }); it stops when its launcher goes.
//   node scripts/devServer.mjs <app> --port N
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { repoRoot } from '../shell/server/serveSite.mjs';
import { appFolder, devBuildFolder } from './devApps.mjs';

const {
  positionals: [app],
  values,
} = parseArgs({ allowPositionals: true, options: { port: { type: 'string' } } });
const port = Number(values.port);
// How Module Federation's build tools know a development build: its manifest then leaves out the hot updates (a page
// that loaded a stale one before its section's code failed with `webpackHotUpdate<section> is not a function`).
process.env.NODE_ENV = 'development';
const appDir = path.join(repoRoot, appFolder(app));

// The app's browser build, as `webpack serve --mode development` would make it (a section's file also has its
// server build, which development does not use: pages are rendered in the browser).
const { default: exported } = await import(path.join(appDir, 'webpack.config.mjs'));
const config = [exported]
  .flat()
  .map((made) =>
    typeof made === 'function'
      ? made({ WEBPACK_SERVE: true, outputFolder: devBuildFolder }, { mode: 'development' })
      : made,
  )
  .find((made) => made.target === 'web');

// The dev server keeps the build in memory and writes it out, but never empties the folder: what an earlier run left
// (its hot updates, files since renamed) goes first.
rmSync(config.output.path, { recursive: true, force: true });

const compiler = webpack(config);
compiler.hooks.done.tap('devServer', (stats) => {
  process.send?.({ built: { ok: !stats.hasErrors(), ms: stats.endTime - stats.startTime } });
});

const server = new WebpackDevServer(
  {
    host: '127.0.0.1',
    port,
    hot: true,
    static: false,
    compress: false,
    devMiddleware: { writeToDisk: true },
    client: {
      webSocketURL: { protocol: 'ws', hostname: '127.0.0.1', port, pathname: '/ws' },
      // Build errors over the page; the page's own errors stay in its console, where they are in production.
      overlay: { errors: true, warnings: false, runtimeErrors: false },
      // What the hot update client does, and why it reloads when it must, in the page's console.
      logging: 'info',
    },
  },
  compiler,
);
await server.start();

// On SIGTERM the dev server stops and closes the compiler (which writes the build's cache) by itself. The launcher's
// IPC channel closes when it goes, however it goes (on Linux its going also kills this process outright).
process.on(
  'disconnect',
  () =>
    void server
      .stop()
      .then(() => new Promise((resolve) => compiler.close(resolve)))
      .finally(() => process.exit(0)),
);
