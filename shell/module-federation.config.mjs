// The shell is the host: it exposes nothing and knows no section at build time. Sections are registered at run
// time from /remotes.json (see src/federation/remoteModules.ts).
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'shell',
  exposes: {},
  remotes: {},
  // The frame is prerendered HTML: the kit's modules it uses (and their CSS, in the render-blocking stylesheet) must be
  // there at first paint, not in chunks fetched later. The shell provides them to the sections.
  shared: Object.fromEntries(
    Object.entries(sharedDependencies).map(([key, config]) => [
      key,
      key.startsWith('@site/shared-ui/') ? { ...config, eager: true } : config,
    ]),
  ),
  runtimePlugins: [
    './src/federation/plugins/retryPlugin.ts',
    './src/federation/plugins/remoteErrorPlugin.ts',
  ],
};
