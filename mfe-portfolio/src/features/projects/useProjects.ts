// The projects the home page features, live: the owner's choice in the dashboard (a featured_rank) reaches the open
// page without a reload. Only the featured rows are read, however many projects there are.
import { prefetchTable, useLiveTable } from '@site/shared-ui/useLiveTable';
import { toProject, type Project, type ProjectRow } from '@site/shared-ui/rows';

/** The featured rank first, so the home page's three come first. */
const byFeaturedRank = { column: 'featured_rank', ascending: true } as const;
/** The rows with a rank (1 to 3): the others are never shown on the home page. */
const featuredOnly = { featured_rank: 'not.is.null' } as const;

/** What the home page's loader reads on the server, in the order it shows the projects. */
export const projectsByFeaturedRank = {
  table: 'projects',
  order: byFeaturedRank,
  filter: featuredOnly,
} as const;

/** Starts loading the projects for the home page as soon as its module arrives. */
export function prefetchProjectsByFeaturedRank() {
  prefetchTable<ProjectRow>('projects', byFeaturedRank, featuredOnly);
}

export function useProjectsByFeaturedRank() {
  return useLiveTable<ProjectRow, Project>('projects', toProject, byFeaturedRank, featuredOnly);
}
