// The search rule of the portfolio (spec §4): a term matches a case-insensitive substring of the title; a chosen
// keyword chip matches the projects whose keywords include it; no term shows every project.
import type { Project } from '@site/shared-ui/rows';

export type ProjectQuery =
  { kind: 'all' } | { kind: 'title'; term: string } | { kind: 'keyword'; keyword: string };

export const showAllProjects: ProjectQuery = { kind: 'all' };

type Searchable = Pick<Project, 'title' | 'keywords'>;

function normalise(text: string): string {
  return text.trim().toLocaleLowerCase('en');
}

export function matchesProjectQuery(project: Searchable, query: ProjectQuery): boolean {
  switch (query.kind) {
    case 'all':
      return true;
    case 'title':
      return normalise(project.title).includes(normalise(query.term));
    case 'keyword': {
      const keyword = normalise(query.keyword);
      return project.keywords.some((candidate) => normalise(candidate) === keyword);
    }
  }
}

/** The projects the query keeps, in the order given. */
export function searchProjects<P extends Searchable>(projects: readonly P[], query: ProjectQuery): P[] {
  return projects.filter((project) => matchesProjectQuery(project, query));
}
