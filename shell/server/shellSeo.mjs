// Search and sharing on the shell's server: /sitemap.xml made from the tables, and the structured data that needs
// rows (the courses, on /courses) added to the page's head. What they say comes from the shell's SEO modules
// (shell/src/seo/, built with the shell into dist-prerender/seo.cjs); the rows from siteContent.mjs.
import { deadlines } from '@site/shared-ui/deadlineTimes';
import { siteContentReader } from './siteContent.mjs';

/**
 * @param {object} options
 * @param {{ sitemap: Function, needsContentForHead: Function, contentHeadTags: Function }} options.seo seo.cjs
 * @param {{ supabase: { url: string, publishableKey: string } }} options.siteConfig
 */
export function shellSeo({ seo, siteConfig }) {
  const content = siteContentReader(siteConfig.supabase);
  const withinDeadline = (promise) =>
    Promise.race([
      promise,
      new Promise((resolve) => setTimeout(resolve, deadlines.serverPageHeadMs, undefined).unref()),
    ]);
  // The same rows make the same tags: made once per page and read of the rows.
  const tagsOf = new WeakMap();
  return {
    routes: {
      '/sitemap.xml': async () => ({
        headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
        body: seo.sitemap(await content()),
      }),
    },
    htmlHead: async (pathname) => {
      if (!seo.needsContentForHead(pathname)) return undefined;
      const current = await withinDeadline(content());
      if (!current) return undefined;
      let tags = tagsOf.get(current);
      if (!tags) tagsOf.set(current, (tags = new Map()));
      if (!tags.has(pathname)) tags.set(pathname, seo.contentHeadTags(pathname, current));
      return tags.get(pathname);
    },
  };
}
