// The pages search engines and link previews know: address, title, description, and what the page is about (its
// banner) and which section modules fill it: the kit's site map, as the shell composes its pages.
import { owner } from '@site/shared-ui/owner';
import { pageTitle } from '@site/shared-ui/siteMap';
import type { RemoteModuleId } from '../federation/remoteModuleTypes.ts';
import { findSitePage, sitePages } from '../site/sitePages.ts';

export interface SeoPage {
  path: string;
  /** The document title ("Alex Morgan | Portfolio"). */
  title: string;
  description: string;
  /** The page's banner: its heading and the sentence below it. */
  heading: string;
  summary: string;
  /** The section modules that fill the page, in order. */
  modules: RemoteModuleId[];
}

export const seoPages: SeoPage[] = sitePages.map((page) => ({
  path: page.path,
  title: pageTitle(page.pageName),
  description: page.description,
  heading: page.banner.title,
  summary: page.banner.text,
  modules: page.slots.map((slot) => slot.module),
}));

/** Where the site lives: canonical links, the sitemap and structured data use this origin. */
export const siteUrl = owner.siteUrl;

export function findSeoPage(pathname: string): SeoPage | undefined {
  const found = findSitePage(pathname);
  return found && seoPages.find((page) => page.path === found.path);
}
