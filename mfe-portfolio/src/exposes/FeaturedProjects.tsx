// Home page: the three projects the owner featured, live, and "View More" to /portfolio.
import { FeaturedProjectsSection } from '../features/projects/FeaturedProjectsSection.tsx';
import { useProjectsByFeaturedRank } from '../features/projects/useProjects.ts';

export default function FeaturedProjects() {
  const { status, items } = useProjectsByFeaturedRank();
  return <FeaturedProjectsSection status={status} projects={items} />;
}
