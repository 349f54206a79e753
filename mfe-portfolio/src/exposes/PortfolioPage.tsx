// /portfolio: every project, live, with the search box and keyword chips.
import { PortfolioSection } from '../features/projects/PortfolioSection.tsx';
import { prefetchProjects, useProjects } from '../features/projects/useProjects.ts';

// The rows are on their way while React renders the page.
prefetchProjects();

export default function PortfolioPage() {
  const { status, items } = useProjects();
  return <PortfolioSection status={status} projects={items} />;
}
