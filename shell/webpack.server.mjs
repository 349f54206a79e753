// The shell's server render for Node (src/server/renderer.tsx -> dist-server/renderer.cjs): a Module Federation host
// that loads the sections' server builds at run time (see tools/webpack/createServerConfig.mjs).
import { createServerConfig } from '@site/tools/webpack/createServerConfig';
import federation from './module-federation.config.mjs';

export default createServerConfig({
  appDir: import.meta.dirname,
  federation,
  isHost: true,
  entry: './src/server/renderer.tsx',
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
});
