// /portfolio: every project, live, with the search box and keyword chips.
import { PortfolioSection } from '../features/projects/PortfolioSection.tsx';
import { tableLoader } from '@site/shared-ui/sectionData';
import { prefetchProjects, projectsNewestFirst, useProjects } from '../features/projects/useProjects.ts';

/** On the server: the projects the page renders from (the browser hydrates from them). */
export const loader = tableLoader(projectsNewestFirst);

// The rows are on their way while React renders the page.
prefetchProjects();

export default function PortfolioPage() {
  const { status, items, retry } = useProjects();
  return <PortfolioSection status={status} projects={items} onRetry={retry} />;
}
