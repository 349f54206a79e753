// Home page: the three projects the owner featured, live, and "View More" to /portfolio.
import { FeaturedProjectsSection } from '../features/projects/FeaturedProjectsSection.tsx';
import { tableLoader } from '@site/shared-ui/sectionData';
import {
  prefetchProjectsByFeaturedRank,
  projectsByFeaturedRank,
  useProjectsByFeaturedRank,
} from '../features/projects/useProjects.ts';

/** On the server: the projects the section renders from (the browser hydrates from them). */
export const loader = tableLoader(projectsByFeaturedRank);

// The rows are on their way while React renders the section.
prefetchProjectsByFeaturedRank();

export default function FeaturedProjects() {
  const { status, items, retry } = useProjectsByFeaturedRank();
  return <FeaturedProjectsSection status={status} projects={items} onRetry={retry} />;
}
