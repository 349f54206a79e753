// The tutorials section: the channel teaser, video search with sort, and the player.
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'tutorials',
  exposes: {
    './TutorialsTeaser': './src/exposes/TutorialsTeaser.tsx',
    './TutorialsPage': './src/exposes/TutorialsPage.tsx',
  },
  shared: sharedDependencies,
};
