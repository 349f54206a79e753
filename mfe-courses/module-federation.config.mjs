// The courses section: the home teaser, course search with keyword chips, and course cards.
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'courses',
  exposes: {
    './CoursesTeaser': './src/exposes/CoursesTeaser.tsx',
    './CoursesPage': './src/exposes/CoursesPage.tsx',
  },
  shared: sharedDependencies,
};
