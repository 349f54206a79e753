// Copies an app's public/ folder into its build as-is (runtime configuration, static data, icons, documents).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';

function* filesUnder(dir, prefix = '') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), relative);
    else yield relative;
  }
}

export class CopyPublicFilesPlugin {
  constructor(publicDir) {
    this.publicDir = publicDir;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of filesUnder(this.publicDir)) {
            const absolute = path.join(this.publicDir, file);
            compilation.fileDependencies.add(absolute);
            compilation.emitAsset(file, new webpack.sources.RawSource(readFileSync(absolute)));
          }
        },
      );
    });
  }
}
