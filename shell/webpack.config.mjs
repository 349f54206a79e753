import { createAppConfig } from '@site/tools/webpack/createAppConfig';
import federation from './module-federation.config.mjs';
import { PageMetadataPlugin } from './webpack/PageMetadataPlugin.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  federation,
  isHost: true,
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  plugins: [new PageMetadataPlugin()],
});
