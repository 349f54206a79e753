// sitemap.xml (sitemaps.org 0.9, with Google's image extension): every page of the site, when it last changed
// (the newest row it shows; pages that show no rows have no lastmod rather than a made-up one), and the images it
// shows (project and course pictures), so new projects and courses are found without waiting for a crawl; then the
// newsletter's archive and its newest issues.
import { storageObjectUrl } from '@site/shared-ui/rows';
import { issueDate, newsletterArchivePath, newsletterIssuePath } from './newsletterArchive.ts';
import type { SeoPage } from './seoPages.ts';
import { rowsShownOn, type SiteContent } from './siteContent.ts';
import { escapeXml } from './xmlText.ts';

/** Google reads at most this many images per page entry. */
export const maxImagesPerPage = 1000;

/** The newest of the timestamps, in W3C datetime form; undefined when there are none. */
export function latestChange(timestamps: readonly string[]): string | undefined {
  const times = timestamps.map((timestamp) => Date.parse(timestamp)).filter((time) => Number.isFinite(time));
  return times.length === 0 ? undefined : new Date(Math.max(...times)).toISOString();
}

function urlEntry(page: Pick<SeoPage, 'path' | 'modules'>, content: SiteContent, siteUrl: string): string {
  const shown = rowsShownOn(page.modules, content.rows);
  const lastmod = latestChange(shown.map((row) => row.updatedAt));
  const images = [
    ...new Set(
      shown.flatMap((row) => (row.image ? [storageObjectUrl(content.backendUrl, row.image.pathOrUrl)] : [])),
    ),
  ]
    .filter((url) => /^https?:\/\//.test(url))
    .slice(0, maxImagesPerPage);
  return [
    '  <url>',
    `    <loc>${escapeXml(new URL(page.path, siteUrl).href)}</loc>`,
    ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
    ...images.map((url) => `    <image:image><image:loc>${escapeXml(url)}</image:loc></image:image>`),
    '  </url>',
  ].join('\n');
}

function plainEntry(path: string, lastmod: string | undefined, siteUrl: string): string {
  return [
    '  <url>',
    `    <loc>${escapeXml(new URL(path, siteUrl).href)}</loc>`,
    ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
    '  </url>',
  ].join('\n');
}

/** The archive (when it has an issue), and each issue it lists. */
function newsletterEntries(content: SiteContent, siteUrl: string): string[] {
  const issues = content.rows.newsletterIssues;
  if (issues.length === 0) return [];
  return [
    plainEntry(newsletterArchivePath, latestChange(issues.map(issueDate)), siteUrl),
    ...issues.map((issue) =>
      plainEntry(newsletterIssuePath(issue.slug), latestChange([issue.updated_at]), siteUrl),
    ),
  ];
}

export function sitemapXml(
  pages: readonly Pick<SeoPage, 'path' | 'modules'>[],
  content: SiteContent,
  siteUrl: string,
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">',
    ...pages.map((page) => urlEntry(page, content, siteUrl)),
    ...newsletterEntries(content, siteUrl),
    '</urlset>',
    '',
  ].join('\n');
}
