// What the search and sharing specs share: the site's canonical address, the HTML a crawler receives (no
// JavaScript), its structured data, and the sitemap as a search engine parses it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Canonical links, the sitemap and structured data name the production address (owner.ts), wherever the site runs. */
export const canonicalOrigin = 'https://alexmorgan.dev';

/** The page's HTML as served, the way a crawler or a link-preview bot reads it: no script runs. */
export async function servedHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** Every JSON-LD data block of the HTML, parsed (a block that does not parse fails the test). */
export function structuredData(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!),
  );
}

/** Every node of the data blocks, graphs flattened. */
export function structuredNodes(html: string): Record<string, unknown>[] {
  return structuredData(html).flatMap((block) => {
    const node = block as Record<string, unknown>;
    return Array.isArray(node['@graph']) ? (node['@graph'] as Record<string, unknown>[]) : [node];
  });
}

export interface SitemapEntry {
  loc: string;
  lastmod: string | null;
  images: string[];
}

/**
 * /sitemap.xml as an XML parser reads it (the browser's DOMParser, in the namespaces the sitemap protocol and
 * Google's image extension define). A document that does not parse fails the test.
 */
export async function readSitemap(page: Page, request: APIRequestContext): Promise<SitemapEntry[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  return page.evaluate((text) => {
    const sitemapNs = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const imageNs = 'http://www.google.com/schemas/sitemap-image/1.1';
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not XML: ${text.slice(0, 200)}`);
    if (doc.documentElement.namespaceURI !== sitemapNs || doc.documentElement.localName !== 'urlset')
      throw new Error('not a sitemaps.org urlset');
    return [...doc.getElementsByTagNameNS(sitemapNs, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(sitemapNs, 'loc')[0]?.textContent ?? '',
      lastmod: url.getElementsByTagNameNS(sitemapNs, 'lastmod')[0]?.textContent ?? null,
      images: [...url.getElementsByTagNameNS(imageNs, 'loc')].map((loc) => loc.textContent ?? ''),
    }));
  }, xml);
}
