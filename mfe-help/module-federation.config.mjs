// The help section: privacy policy, terms and conditions, terms of service, below /help.
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'help',
  exposes: {
    './HelpRoutes': './src/exposes/HelpRoutes.tsx',
  },
  shared: sharedDependencies,
};
