// Search and sharing on the shell's server: /sitemap.xml made from the tables, and the structured data that needs
// rows (the courses, on /courses) added to the page's head. What they say comes from the shell's SEO modules
// (shell/src/seo/, built with the shell into dist-prerender/seo.cjs); the rows from siteContent.mjs.
import { siteContentReader } from './siteContent.mjs';

/** A page waits at most this long for the rows; without them it is served without the courses' structured data. */
const headDeadlineMs = 300;

/**
 * @param {object} options
 * @param {{ sitemap: Function, needsContentForHead: Function, contentHeadTags: Function }} options.seo seo.cjs
 * @param {{ supabase: { url: string, anonKey: string } }} options.siteConfig
 */
export function shellSeo({ seo, siteConfig }) {
  const content = siteContentReader(siteConfig.supabase);
  const withinDeadline = (promise) =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, headDeadlineMs, undefined).unref())]);
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
      return current ? seo.contentHeadTags(pathname, current) : undefined;
    },
  };
}
