// Every text of the projects feature that a visitor reads (the spec's labels: Projects, Portfolio,
// Featured Projects, View Project, View More).
export const projectMessages = {
  eyebrow: 'Projects',
  featuredTitle: 'Featured Projects',
  featuredSubtitle: 'A few recent pieces of work, picked from my portfolio.',
  portfolioHeading: 'Portfolio projects',
  viewProject: 'View Project',
  viewMore: 'View More',
  viewMoreHidden: ' projects',
  imageAlt: (title: string) => `Screenshot of ${title}`,
  searchLabel: 'Search projects by title',
  searchPlaceholder: 'Search Projects...',
  chipsLabel: 'Filter projects by keyword',
  loading: 'Loading projects…',
  noProjects: 'There are no projects to show just now. Please come back soon.',
  noFeaturedProjects:
    'Featured projects are on their way. In the meantime, have a look at the full portfolio.',
  showAll: 'Show all projects',
  pagesLabel: 'Pages of projects',
  resultCount: (count: number) => (count === 1 ? '1 project' : `${count} projects`),
  titleMatches: (count: number, term: string) =>
    `${projectMessages.resultCount(count)} with “${term}” in the title.`,
  keywordMatches: (count: number, keyword: string) =>
    `${projectMessages.resultCount(count)} built with ${keyword}.`,
  noTitleMatch: (term: string) =>
    `No project title contains “${term}”. Try another word, or pick a keyword below the search box.`,
  noKeywordMatch: (keyword: string) =>
    `No project uses ${keyword} yet. Try another keyword, or search the titles.`,
} as const;
