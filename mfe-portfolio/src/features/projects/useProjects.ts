// The projects table, live: the owner's inserts, updates and deletes reach the open page without a reload.
import { prefetchTable, useLiveTable } from '@site/shared-ui/useLiveTable';
import { toProject, type Project, type ProjectRow } from '@site/shared-ui/rows';

/** Newest work first on /portfolio. */
const newestFirst = { column: 'created_at', ascending: false } as const;
/** The featured rank first, so the home page's three come first. */
const byFeaturedRank = { column: 'featured_rank', ascending: true } as const;

/** What each page's loader reads on the server, in the order it shows the projects. */
export const projectsNewestFirst = { table: 'projects', order: newestFirst } as const;
export const projectsByFeaturedRank = { table: 'projects', order: byFeaturedRank } as const;

/** Starts loading the projects for /portfolio as soon as its module arrives (see prefetchTable). */
export function prefetchProjects() {
  prefetchTable<ProjectRow>('projects', newestFirst);
}

/** Starts loading the projects for the home page as soon as its module arrives. */
export function prefetchProjectsByFeaturedRank() {
  prefetchTable<ProjectRow>('projects', byFeaturedRank);
}

export function useProjects() {
  return useLiveTable<ProjectRow, Project>('projects', toProject, newestFirst);
}

export function useProjectsByFeaturedRank() {
  return useLiveTable<ProjectRow, Project>('projects', toProject, byFeaturedRank);
}
