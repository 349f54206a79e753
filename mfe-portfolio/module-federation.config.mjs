// The portfolio section: everything about the person and their work.
import { sharedDependencies } from '@site/tools/webpack/sharedDependencies';

export default {
  name: 'portfolio',
  exposes: {
    './HomeAbout': './src/exposes/HomeAbout.tsx',
    './FeaturedProjects': './src/exposes/FeaturedProjects.tsx',
    './AboutPage': './src/exposes/AboutPage.tsx',
    './PortfolioPage': './src/exposes/PortfolioPage.tsx',
  },
  shared: sharedDependencies,
};
