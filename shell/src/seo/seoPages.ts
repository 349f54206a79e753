// The pages search engines and link previews know: address, title, description, and what the page is about (its
// banner) and which section modules fill it. Read from where the site map lives today, the shell's route table and
// the static metadata file; when the site map moves (issue 11: into the kit), only the two imports below change.
import { owner } from '@site/shared-ui/owner';
import { findSitePage, pageTitle, sitePages, type RemoteModuleId } from '../app/siteRoutes.ts';
import pageMetadata from '../../public/assets/data/meta.json';

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
  description: pageMetadata.find((entry) => entry.page === page.path)?.metaDescription ?? '',
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
