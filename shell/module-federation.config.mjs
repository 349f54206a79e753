// The shell is the host: it exposes nothing and knows no section at build time. Sections are registered at run
// time from /remotes.json (see src/federation/remoteModules.ts).
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'shell',
  exposes: {},
  remotes: {},
  shared: sharedDependencies,
  runtimePlugins: [
    './src/federation/plugins/retryPlugin.ts',
    './src/federation/plugins/remoteErrorPlugin.ts',
  ],
};
