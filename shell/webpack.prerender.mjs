// A Node build of the site's frame, used once at build time to prerender every page, and of its search and sharing
// modules (seo.cjs: the prerender's tags, the server's sitemap and structured data, the share-picture generator).
import path from 'node:path';
import webpack from 'webpack';
import { cssModulesOptions, resolveOptions, typeScriptRule } from '@site/tools/webpack/createAppConfig';

export default {
  name: 'shell-prerender',
  mode: 'production',
  context: import.meta.dirname,
  target: 'node20',
  entry: { renderPage: './src/prerender/renderPage.tsx', seo: './src/seo/seoForNode.ts' },
  output: {
    path: path.join(import.meta.dirname, 'dist-prerender'),
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    clean: true,
  },
  resolve: resolveOptions,
  module: {
    rules: [
      typeScriptRule(import.meta.dirname),
      {
        test: /\.css$/,
        // Class names only, computed exactly as in the browser build.
        use: [
          {
            loader: 'css-loader',
            options: { modules: { ...cssModulesOptions(true), exportOnlyLocals: true } },
          },
        ],
      },
      { test: /\.(png|jpe?g|webp|avif|svg|pdf|woff2)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  plugins: [new webpack.DefinePlugin({ __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) })],
  optimization: { minimize: false },
  performance: false,
  stats: 'errors-warnings',
};
