import { helpPages, pageMetadataEntries, siteMapPages, titleForPath } from '@site/shared-ui/siteMap';
import { findSitePage, sitePages } from '../sitePages.ts';

describe('the site map and the pages the shell composes from it', () => {
  it('compose every page of the site map, in its order, each with a banner and at least one section', () => {
    expect(sitePages.map((page) => page.path)).toEqual(siteMapPages.map((page) => page.path));
    for (const page of sitePages) {
      expect(page.banner.title).not.toBe('');
      expect(page.slots.length).toBeGreaterThan(0);
    }
  });

  it('title a page with the product name followed by the page name', () => {
    expect(titleForPath('/')).toBe('Alex Morgan | Home');
    expect(titleForPath('/help/terms-of-service')).toBe('Alex Morgan | Terms of Service');
    expect(titleForPath('/portfolio/')).toBe('Alex Morgan | Portfolio');
    expect(titleForPath('/no-such-page')).toBe('Alex Morgan | Page Not Found');
  });

  it('find a page with or without a trailing slash, and no page for other paths', () => {
    expect(findSitePage('/courses/')?.pageName).toBe('Courses');
    expect(findSitePage('/help/cookies')).toBeUndefined();
  });

  it('give meta.json (spec §7) one description per page, as the pages have them', () => {
    const entries = pageMetadataEntries();
    expect(entries.map((entry) => entry.page)).toEqual(siteMapPages.map((page) => page.path));
    for (const page of sitePages) {
      expect(entries.find((entry) => entry.page === page.path)?.metaDescription).toBe(page.description);
      expect(page.description.length).toBeGreaterThan(50);
    }
  });

  it('list the help pages as pages of the site, under /help, each routed to the help section', () => {
    for (const help of helpPages) {
      expect(help.path).toBe(`/help/${help.slug}`);
      expect(findSitePage(help.path)?.slots.map((slot) => slot.module)).toEqual(['help/HelpRoutes']);
      expect(findSitePage(help.path)?.pageName).toBe(help.title);
    }
  });
});
