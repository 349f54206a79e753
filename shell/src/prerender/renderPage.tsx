// Renders the frame of a page to HTML at build time (see scripts/prerender.mjs): navbar, the page's banner,
// footer, and reserved space where the sections will appear.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@site/shared-ui/staticRouter';
import { owner } from '@site/shared-ui/owner';
import { findSiteMapPage, pageMetadataEntries, titleForPath } from '@site/shared-ui/siteMap';
import { SiteApp } from '../site/SiteApp.tsx';

export { sitePages } from '../site/sitePages.ts';
export { pageMetadataEntries };

export function renderPage(pathname: string): {
  html: string;
  title: string;
  description: string;
  canonicalUrl: string;
} {
  const html = renderToString(
    <StaticRouter location={pathname}>
      <SiteApp />
    </StaticRouter>,
  );
  return {
    html,
    title: titleForPath(pathname),
    description: findSiteMapPage(pathname)?.description ?? '',
    canonicalUrl: new URL(pathname, owner.siteUrl).href,
  };
}
