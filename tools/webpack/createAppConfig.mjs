// The webpack configuration every app is built with: TypeScript through ts-loader, CSS Modules scoped per
// package, hashed file names, and Module Federation from the app's own module-federation.config.mjs.
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { SectionContractPlugin } from './SectionContractPlugin.mjs';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CopyPublicFilesPlugin } from './CopyPublicFilesPlugin.mjs';
import { minify_sync as minifySync } from 'terser';
import ReactRefreshPlugin from '@pmmmwh/react-refresh-webpack-plugin';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const { runtimeConfigElementId } = createRequire(import.meta.url)('@site/shared-ui/jsonScript');

/**
 * A script for the page's HTML, minified, as an inline `<script>`'s text: one that could end its element early is
 * refused.
 * @param {string} file
 */
function inlineScript(file) {
  const { code } = minifySync(readFileSync(file, 'utf8'), { compress: true, mangle: true });
  if (code === undefined || /<\/script|<!--/i.test(code))
    throw new Error(`${file} cannot be inlined in a <script> element`);
  return code;
}

/** CSS Modules class names are hashed from the file's path in the repository, so packages never collide. */
export function cssModulesOptions(production) {
  return {
    auto: true,
    localIdentName: production ? '[hash:base64:7]' : '[name]__[local]--[hash:base64:4]',
    localIdentContext: repoRoot,
    namedExport: false,
    exportLocalsConvention: 'as-is',
  };
}

/**
 * @param {string} appDir
 * @param {{ fastRefresh?: boolean }} [options] fastRefresh: mark React components for React Refresh (development)
 */
export function typeScriptRule(appDir, { fastRefresh = false } = {}) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'ts-loader',
    // Type checking is its own step (npm run typecheck); the build only strips types.
    options: {
      transpileOnly: true,
      configFile: path.join(appDir, 'tsconfig.json'),
      // Loaded as ts-loader first compiles (it loads TypeScript, seconds): a start from webpack's cache compiles nothing.
      ...(fastRefresh && {
        getCustomTransformers: () => ({ before: [require('react-refresh-typescript').default()] }),
      }),
    },
  };
}

export const resolveOptions = { extensions: ['.tsx', '.ts', '.js', '.mjs'] };

const require = createRequire(import.meta.url);

/**
 * react-router's package exports send bundlers to its development build (only Node gets a choice); production
 * builds take the production one, which has no development warnings.
 */
const productionAliases = {
  'react-router$': path.join(
    path.dirname(require.resolve('react-router/package.json')),
    'dist/production/index.mjs',
  ),
};

/**
 * The plugin that provides the federation runtime to the sections is injected as a CommonJS require, which pulls the
 * CommonJS build of the whole runtime next to the ESM build the rest imports: the runtime twice (~70 KB minified).
 * Its ESM build makes every part resolve to the one ESM runtime.
 */
const injectRuntimePluginCommonJs = require.resolve('@module-federation/inject-external-runtime-core-plugin');
/** The kit's federation runtime plugin, by path: it is part of each app's runtime, not a module the apps share. */
const shareInTurnsPlugin = path.join(repoRoot, 'shared-ui/src/federation/shareInTurnsPlugin.ts');
const federationAliases = {
  // The federation plugin adds it by resolved path (dist/index.cjs).
  [`${injectRuntimePluginCommonJs}$`]: path.join(path.dirname(injectRuntimePluginCommonJs), 'index.js'),
};

/**
 * One React Refresh runtime for the whole page (reactRefreshRuntime.cjs says why): the refresh plugin's requests for
 * the runtime, by name and by resolved path (its loader's), get that module instead. By request, before it is
 * resolved: never by resolved file, which would also catch the module's own request for the real runtime (the same
 * file, as `react-refresh`).
 */
const reactRefreshRuntime = path.join(import.meta.dirname, 'reactRefreshRuntime.cjs');
const reactRefreshRuntimeRequest = new RegExp(
  `^(react-refresh/runtime|${require.resolve('react-refresh').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})$`,
);

/** mini-css-extract-plugin's hot update client for CSS, which cssHotReload.cjs stands in for (it says why). */
const cssHotReloadRequest = /mini-css-extract-plugin[\\/]dist[\\/]hmr[\\/]hotModuleReplacement\.js$/;

/**
 * A development build's plugins: React Refresh (components keep their state across an update, in every app alike:
 * one injection into React, by whichever app starts first, since they share the plugin's library name), the CSS hot
 * update client that finds the app's stylesheets, and the hot update runtime where no dev server adds it (a build the
 * dev server does not serve, such as the shell's when only a section is watched, still hands React to the page, so it
 * must carry the refresh runtime).
 * @param {string} app the app's federation name
 * @param {boolean} served built by the dev server (scripts/devServer.mjs)
 */
function developmentPlugins(app, served) {
  return [
    new ReactRefreshPlugin({
      overlay: false,
      library: 'site',
      // Not this folder's helpers that run in the page (the refresh runtime itself, the CSS client).
      exclude: [/node_modules/, import.meta.dirname],
    }),
    new webpack.NormalModuleReplacementPlugin(reactRefreshRuntimeRequest, (resolveData) => {
      if (resolveData.createData.resource === undefined) resolveData.request = reactRefreshRuntime;
    }),
    new webpack.DefinePlugin({ __SITE_REFRESH_APP__: JSON.stringify(app) }),
    new webpack.NormalModuleReplacementPlugin(
      cssHotReloadRequest,
      path.join(import.meta.dirname, 'cssHotReload.cjs'),
    ),
    ...(served ? [] : [new webpack.HotModuleReplacementPlugin()]),
  ];
}

/**
 * Development builds are kept between runs (webpack's file cache, per app and per kind of build), so `npm run dev`
 * starts in the time of what changed since the last run.
 * @param {string} appDir
 * @param {string} app
 * @param {boolean} served
 */
function developmentCache(appDir, app, served) {
  return {
    type: 'filesystem',
    name: `${app}-${served ? 'served' : 'built'}`,
    cacheDirectory: path.join(appDir, 'node_modules/.cache/webpack'),
    buildDependencies: {
      config: [path.join(appDir, 'webpack.config.mjs'), path.join(repoRoot, 'shared-ui/package.json')],
    },
  };
}

/**
 * Every text file of a production build also as .br (brotli at its highest level) and .gz, written once at build time:
 * the server (and any static host or CDN that honours precompressed files) sends them as they are, so no visitor
 * waits for compression. Source maps are left as they are.
 */
const precompressed = (extension, algorithm, compressionOptions) =>
  new CompressionPlugin({
    filename: `[path][base].${extension}`,
    algorithm,
    compressionOptions,
    test: /\.(js|mjs|css|html|json|svg|txt|xml)$/,
    // Runtime configuration is edited where it is deployed: never a stale compressed copy of it.
    exclude: /(remotes|site-config)\.json$/,
    threshold: 512,
    minRatio: 0.9,
  });
const precompression = [
  precompressed('br', 'brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  precompressed('gz', 'gzip', { level: 9 }),
];

/**
 * @param {object} options
 * @param {string} options.appDir the app's folder
 * @param {import('@module-federation/enhanced/webpack').ModuleFederationPluginOptions} options.federation
 * @param {boolean} [options.isHost] the shell: serves the HTML and provides the federation runtime
 * @param {Record<string, string>} [options.define] compile-time constants
 * @param {import('webpack').WebpackPluginInstance[]} [options.plugins] the app's own plugins, added last
 */
export function createAppConfig({ appDir, federation, isHost = false, define = {}, plugins = [] }) {
  // `--env outputFolder=dist-dev`: build somewhere else than dist (`npm run dev` does, so its development builds never
  // replace the production builds that `npm start`, the tests and the renderer's pins read).
  return (env, argv) => {
    const production = argv.mode !== 'development';
    // Built by the dev server (scripts/devServer.mjs sets what `webpack serve` sets), which adds its hot update client.
    const served = Boolean(env?.WEBPACK_SERVE);
    const hashed = production ? '.[contenthash:10]' : '';
    return {
      name: federation.name,
      mode: production ? 'production' : 'development',
      context: appDir,
      target: 'web',
      // No eval-based source maps: the Content-Security-Policy forbids eval, in development too. In production the
      // maps are written beside the files but not named in them: a visitor's browser never asks for them, and every
      // file is some 40 bytes lighter (about 0.65 KB gzip on a page's twenty-odd files).
      devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
      entry: isHost ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(appDir, env?.outputFolder ?? 'dist'),
        // The shell serves deep links (/help/privacy-policy), so its files are addressed from the root; a section's
        // files are found relative to its mf-manifest.json, wherever the section is deployed.
        publicPath: isHost ? '/' : 'auto',
        filename: `[name]${hashed}.js`,
        chunkFilename: `[name]${hashed}.js`,
        assetModuleFilename: `assets/[name]${hashed}[ext]`,
        uniqueName: federation.name,
        // A section's server build (createServerConfig) writes dist/server/ beside it.
        clean: { keep: /^server\// },
      },
      resolve: {
        ...resolveOptions,
        alias: { ...federationAliases, ...(production ? productionAliases : {}) },
      },
      ...(production
        ? {}
        : {
            cache: developmentCache(appDir, federation.name, served),
            watchOptions: { ignored: /node_modules/ },
          }),
      module: {
        rules: [
          typeScriptRule(appDir, { fastRefresh: !production }),
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              { loader: 'css-loader', options: { modules: cssModulesOptions(production) } },
            ],
          },
          { test: /\.(png|jpe?g|webp|avif|svg|pdf|woff2)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          filename: 'remoteEntry.js',
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // Module Federation's own development tools (type hints, live reload) are not used: npm run dev updates
          // hot. (Said in development only: the option is part of what names production's runtime module.)
          ...(production ? {} : { dev: false }),
          ...federation,
          // Every app's federation instance resolves each shared module in a task of its own (see the plugin).
          runtimePlugins: [shareInTurnsPlugin, ...(federation.runtimePlugins ?? [])],
          // The shell carries the federation runtime once and hands it to the sections: each remoteEntry.js would
          // otherwise bring its own copy (about 23 KB compressed).
          experiments: {
            asyncStartup: true,
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            // Browser-only builds; a section loads no other remote, so it needs no remote-loading code of its own.
            optimization: isHost
              ? { target: 'web' }
              : { target: 'web', disableRemote: true, disableSnapshot: true },
            ...federation.experiments,
          },
        }),
        new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
        new webpack.DefinePlugin(define),
        ...(existsSync(path.join(appDir, 'public'))
          ? [new CopyPublicFilesPlugin(path.join(appDir, 'public'))]
          : []),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: './src/index.html',
                // In production the prerender (shell/scripts/prerender.mjs) writes the pages from this template.
                filename: production ? 'page-template.html' : 'index.html',
                // The template links the stylesheets and names the app's script to the boot script (shell/src/boot.js,
                // inlined: read again on every build), which starts it once the page has loaded and painted: no script
                // tag or preload of the app's own in the HTML, and nothing fetched but the stylesheets and images.
                inject: false,
                templateParameters: {
                  /** The boot script's element, naming the app's script. @param {string} app */
                  bootScript: (app) =>
                    `<script data-app="${app}">${inlineScript(path.join(appDir, 'src/boot.js'))}</script>`,
                  // The page's own count of itself (shell/src/pageViews.js, inlined like the boot script): it reads
                  // the backend from the runtime configuration the server puts in the page, named by data-config.
                  pageViewsScript: () =>
                    `<script data-config="${runtimeConfigElementId}">${inlineScript(path.join(appDir, 'src/pageViews.js'))}</script>`,
                  // The icon in the page itself: a request of its own raced the first paint (Lighthouse counted it
                  // on the path of the largest paint whenever it arrived first).
                  iconDataUrl: () => {
                    const icon = readFileSync(path.join(appDir, 'public/favicon.svg'), 'utf8');
                    // Only what a URL or the attribute cannot hold is escaped (the SVG's quotes become single quotes;
                    // a space is no URL character: the HTML validator refuses the attribute with one).
                    const text = icon
                      .trim()
                      .replace(/"/g, "'")
                      .replace(/[%#<>{}\s]/g, encodeURIComponent);
                    return `data:image/svg+xml,${text}`;
                  },
                },
                minify: false,
              }),
            ]
          : []),
        ...(production ? precompression : developmentPlugins(federation.name, served)),
        // A section's exposed modules are its contract with the shell: a build that breaks it fails here.
        ...(isHost ? [] : [new SectionContractPlugin(federation)]),
        ...plugins,
      ],
      optimization: {
        // Module Federation needs each container's runtime in its own entry.
        runtimeChunk: false,
        // The shell's HTML is rewritten by the prerender step, which expects the template as written.
        minimizeOptions: { html: false },
      },
      performance: false,
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
    };
  };
}
