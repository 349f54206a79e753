// /portfolio: a page of the projects, newest first, with the search box and keyword chips. The search and the page are
// the address (/portfolio?q=...&chip=...&page=2), rendered on the server and kept live in the browser.
import { toProject, type Project, type ProjectRow } from '@site/shared-ui/rows';
import { catalogueLoader, prefetchCatalogue, useCatalogue } from '@site/shared-ui/useCatalogue';
import { PortfolioSection } from '../features/projects/PortfolioSection.tsx';
import { useProjectSearch } from '../features/projects/useProjectSearch.ts';

/** On the server: the page of projects the address asks for (the browser hydrates from it). */
export const loader = catalogueLoader('projects');

// The page's projects are on their way while React renders it.
prefetchCatalogue('projects');

export default function PortfolioPage() {
  const search = useProjectSearch();
  const results = useCatalogue<ProjectRow, Project>('projects', toProject, search.address);
  return <PortfolioSection search={search} results={results} />;
}
