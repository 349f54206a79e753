// Home page: the three projects the owner featured, live, and "View More" to /portfolio.
import { FeaturedProjectsSection } from '../features/projects/FeaturedProjectsSection.tsx';
import {
  prefetchProjectsByFeaturedRank,
  useProjectsByFeaturedRank,
} from '../features/projects/useProjects.ts';

// The rows are on their way while React renders the section.
prefetchProjectsByFeaturedRank();

export default function FeaturedProjects() {
  const { status, items } = useProjectsByFeaturedRank();
  return <FeaturedProjectsSection status={status} projects={items} />;
}
