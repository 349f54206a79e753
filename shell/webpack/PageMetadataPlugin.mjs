// Emits /assets/data/meta.json (spec §7: the page metadata the site reads on every navigation) from the kit's site
// map, so the served file can never disagree with the pages. The site map is TypeScript: tsx loads it at build time.
import { createRequire } from 'node:module';
import { tsImport } from 'tsx/esm/api';
import webpack from 'webpack';

const require = createRequire(import.meta.url);
const siteMapFile = require.resolve('@site/shared-ui/siteMap');

export const pageMetadataAsset = 'assets/data/meta.json';

export class PageMetadataPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PageMetadataPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PageMetadataPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const { pageMetadataEntries } = await tsImport(siteMapFile, import.meta.url);
          compilation.fileDependencies.add(siteMapFile);
          compilation.emitAsset(
            pageMetadataAsset,
            new webpack.sources.RawSource(`${JSON.stringify(pageMetadataEntries(), null, 2)}\n`),
          );
        },
      );
    });
  }
}
