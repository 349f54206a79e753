// Renders the frame of a page to HTML at build time (see scripts/prerender.mjs): navbar, the page's banner,
// footer, and reserved space where the sections will appear.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@site/shared-ui/router';
import { owner } from '@site/shared-ui/owner';
import { SiteApp } from '../app/SiteApp.tsx';
import { findSitePage, notFoundPage, pageTitle, sitePages } from '../app/siteRoutes.ts';

export { sitePages };

export function renderPage(pathname: string): { html: string; title: string; canonicalUrl: string } {
  const html = renderToString(
    <StaticRouter location={pathname}>
      <SiteApp />
    </StaticRouter>,
  );
  return {
    html,
    title: pageTitle(findSitePage(pathname)?.pageName ?? notFoundPage.pageName),
    canonicalUrl: new URL(pathname, owner.siteUrl).href,
  };
}
