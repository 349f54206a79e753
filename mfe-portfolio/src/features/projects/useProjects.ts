// The projects table, live: the owner's inserts, updates and deletes reach the open page without a reload.
import { useLiveTable } from '@site/shared-ui/useLiveTable';
import { toProject, type Project, type ProjectRow } from '@site/shared-ui/rows';

/** Newest work first on /portfolio. */
const newestFirst = { column: 'created_at', ascending: false } as const;
/** The featured rank first, so the home page's three come first. */
const byFeaturedRank = { column: 'featured_rank', ascending: true } as const;

export function useProjects() {
  return useLiveTable<ProjectRow, Project>('projects', toProject, newestFirst);
}

export function useProjectsByFeaturedRank() {
  return useLiveTable<ProjectRow, Project>('projects', toProject, byFeaturedRank);
}
