// The shell's search and sharing modules for Node, built by webpack.prerender.mjs into dist-prerender/seo.cjs: the
// prerender writes each page's share tags and static structured data with it, the site's server answers
// /sitemap.xml and adds the courses' structured data with it (and says what the fediverse account posts: its
// profile and posts), and generate-og-images.mjs draws the pictures with it.
// The owner and the site's address are bound here; the modules themselves stay pure (pages, rows, site URL in).
import { owner } from '@site/shared-ui/owner';
import {
  ogImageFor,
  ogImageMetaTags,
  ogImageName,
  ogImageSize,
  ogImageSvg,
  type OgTheme,
} from './openGraph.ts';
import { feedLinkTags, feeds, feedXml } from './feeds.ts';
import { fediverseMeLink, fediversePost, fediverseProfile, fediverseProfilePath } from './fediverse.ts';
import {
  issueDate,
  issueDescription,
  newsletterArchivePage,
  newsletterArchivePath,
  newsletterIssuePath,
} from './newsletterArchive.ts';
import { robotsTxt } from './robotsTxt.ts';
import { findSeoPage, seoPages, siteUrl } from './seoPages.ts';
import type { SiteContent } from './siteContent.ts';
import { sitemapXml } from './sitemapXml.ts';
import { contentJsonLd, hasContentJsonLd, jsonLdScript, pageJsonLd } from './structuredData.ts';

export {
  feeds,
  fediversePost,
  fediverseProfile,
  fediverseProfilePath,
  issueDate,
  issueDescription,
  newsletterArchivePage,
  newsletterArchivePath,
  newsletterIssuePath,
  ogImageMetaTags,
  ogImageName,
  ogImageSize,
  seoPages,
  siteUrl,
};

/**
 * What the prerendered HTML of a page carries in its head: its share picture's tags, its structured data, the links
 * to the site's feeds, and the rel="me" link to the fediverse account's profile.
 */
export function staticHeadTags(pathname: string): {
  ogImageTags: string;
  jsonLd: string;
  feedLinks: string;
  meLink: string;
} {
  const page = findSeoPage(pathname) ?? findSeoPage('/')!;
  return {
    ogImageTags: ogImageMetaTags(ogImageFor(page, siteUrl)),
    jsonLd: findSeoPage(pathname) ? jsonLdScript(pageJsonLd(page, owner, siteUrl)) : '',
    feedLinks: feedLinkTags(siteUrl),
    meLink: fediverseMeLink(siteUrl),
  };
}

/** A feed of the site, from the rows. */
export function feed(name: Parameters<typeof feedXml>[0], content: SiteContent): string {
  return feedXml(name, content, siteUrl);
}

/** The feeds, for a head the server writes (the newsletter archive's pages). */
export function feedLinks(): string {
  return feedLinkTags(siteUrl);
}

/** Whether the page's head needs the rows (see contentHeadTags). */
export function needsContentForHead(pathname: string): boolean {
  const page = findSeoPage(pathname);
  return page !== undefined && hasContentJsonLd(page);
}

/** The structured data of a page that needs the rows at render time (HTML for its head; empty for most pages). */
export function contentHeadTags(pathname: string, content: SiteContent): string {
  const page = findSeoPage(pathname);
  return page ? contentJsonLd(page, content, owner, siteUrl).map(jsonLdScript).join('') : '';
}

export function sitemap(content: SiteContent): string {
  return sitemapXml(seoPages, content, siteUrl);
}

export function robots(): string {
  return robotsTxt(siteUrl);
}

/** The share picture of a page of the site map as SVG, for the generator script. */
export function ogImageSvgFor(path: string, theme: OgTheme, mark: string): string {
  const page = findSeoPage(path);
  if (!page) throw new Error(`No page at ${path}`);
  return shareImageSvg(page, theme, mark);
}

/** The share picture of any page, by its heading and summary, as SVG (the server draws the archive's). */
export function shareImageSvg(
  page: { heading: string; summary: string },
  theme: OgTheme,
  mark: string,
): string {
  return ogImageSvg(page, { siteName: owner.siteName, jobTitle: owner.jobTitle, siteUrl, mark }, theme);
}
