// The home page shows the projects the owner featured: the rows with a featured_rank (1 to 3), in rank order.
// The original site picked three titles in code; here the owner picks them in the dashboard.
import type { Project } from '@site/shared-ui/rows';

export const featuredProjectCount = 3;

export function selectFeaturedProjects<P extends Pick<Project, 'featuredRank'>>(projects: readonly P[]): P[] {
  return projects
    .filter((project) => project.featuredRank !== null)
    .sort((a, b) => (a.featuredRank ?? 0) - (b.featuredRank ?? 0))
    .slice(0, featuredProjectCount);
}
