import { useLocation } from '@site/shared-ui/router';
import { findSitePage } from './sitePages.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { SitePageView } from './SitePageView.tsx';

export function PageForLocation() {
  const page = findSitePage(useLocation().pathname);
  return page ? <SitePageView page={page} /> : <NotFoundPage />;
}
