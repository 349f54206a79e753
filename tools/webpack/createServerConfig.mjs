// The server build of an app, for rendering pages in Node (issue 15): the same Module Federation configuration as its
// browser build, for target async-node with Module Federation's Node runtime plugin.
// - A section's server build is a remote, emitted into dist/server/ beside its browser build and published with it:
//   the shell's server loads it over HTTP from where remotes.json says the section lives (server/mf-manifest.json
//   next to the browser's mf-manifest.json).
// - The shell's server build is the host: dist-server/renderer.cjs, which the site's server requires.
// CSS Modules give the same class names as in the browser (the CSS itself is the browser build's); nothing here
// imports assets (images are served from Storage or the browser build), so none are emitted.
import path from 'node:path';
import { createRequire } from 'node:module';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { cssModulesOptions, resolveOptions, typeScriptRule } from './createAppConfig.mjs';

const require = createRequire(import.meta.url);
const nodeRuntimePlugin = require.resolve('@module-federation/node/runtimePlugin');

/** Where a section's server build lives, relative to its browser build's mf-manifest.json. */
export const serverManifestPath = 'server/mf-manifest.json';

/**
 * @param {object} options
 * @param {string} options.appDir the app's folder
 * @param {import('@module-federation/enhanced/webpack').ModuleFederationPluginOptions} options.federation the app's
 *   federation configuration (module-federation.config.mjs)
 * @param {boolean} [options.isHost] the shell's server: an entry of its own, and every shared module eager
 * @param {string} [options.entry] the host's entry module
 * @param {Record<string, string>} [options.define] compile-time constants
 */
export function createServerConfig({ appDir, federation, isHost = false, entry, define = {} }) {
  const shared = Object.fromEntries(
    Object.entries(federation.shared ?? {}).map(([key, config]) => [
      key,
      // The host's server provides what is shared from its own bundle, at once: nothing to fetch per request.
      isHost ? { ...config, eager: true } : config,
    ]),
  );
  return {
    name: `${federation.name}-server`,
    mode: 'production',
    context: appDir,
    target: 'async-node',
    devtool: false,
    entry: isHost ? { renderer: entry } : {},
    output: {
      path: isHost ? path.join(appDir, 'dist-server') : path.join(appDir, 'dist', 'server'),
      publicPath: 'auto',
      filename: isHost ? '[name].cjs' : '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs-module' },
      chunkFormat: 'commonjs',
      uniqueName: `${federation.name}_server`,
      clean: true,
    },
    resolve: resolveOptions,
    module: {
      rules: [
        typeScriptRule(appDir),
        {
          test: /\.css$/,
          use: [
            {
              loader: 'css-loader',
              options: { modules: { ...cssModulesOptions(true), exportOnlyLocals: true } },
            },
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federation.name,
        filename: 'remoteEntry.js',
        exposes: federation.exposes,
        remotes: {},
        shared,
        library: { type: 'commonjs-module', name: federation.name },
        remoteType: 'script',
        runtimePlugins: [nodeRuntimePlugin, ...(isHost ? (federation.serverRuntimePlugins ?? []) : [])],
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        experiments: { asyncStartup: true },
      }),
      new webpack.DefinePlugin({ ...define, 'typeof window': JSON.stringify('undefined') }),
    ],
    optimization: { minimize: false },
    performance: false,
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}
