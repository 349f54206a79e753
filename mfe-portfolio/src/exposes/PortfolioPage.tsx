// /portfolio: every project, live, with the search box and keyword chips.
import { PortfolioSection } from '../features/projects/PortfolioSection.tsx';
import { useProjects } from '../features/projects/useProjects.ts';

export default function PortfolioPage() {
  const { status, items } = useProjects();
  return <PortfolioSection status={status} projects={items} />;
}
