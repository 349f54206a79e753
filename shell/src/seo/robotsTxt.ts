// robots.txt: every crawler may read every page, and finds the sitemap here.

export const sitemapPath = '/sitemap.xml';

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${new URL(sitemapPath, siteUrl).href}`, ''].join('\n');
}
