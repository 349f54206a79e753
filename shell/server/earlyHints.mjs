// Early hints for a page of the shell, as a Link header: while the browser still parses the HTML, it opens its
// connections to the backend and to the sections whose code the page's first screen will run. Nothing is fetched
// from a hint: before the page has painted, only its HTML, its CSS and its image are on the way (HTML first). The
// runtime configuration and the first screen's section manifest arrive in the page itself (siteServer.mjs), and a
// script preloaded while a copy was in the browser's cache was fetched twice (Chromium revalidated both the preload
// and the script tag's request of a no-cache remoteEntry.js).

/**
 * @param {string} pathname the page asked for, in its one spelling (pagePaths.mjs)
 * @param {object} config
 * @param {Record<string, string[]>} config.firstScreenModules page path -> the module(s) of its first screen, as
 *   'section/Module' (first-screen-modules.json)
 * @param {Record<string, string>} config.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string } }} config.siteConfig
 * @returns {string | undefined}
 */
export function earlyHintsFor(pathname, { firstScreenModules, remotes, siteConfig }) {
  const modules = firstScreenModules[pathname];
  if (!modules) return undefined;
  const origins = [new URL(siteConfig.supabase.url).origin];
  for (const module of modules) {
    const manifestUrl = remotes[module.split('/')[0]];
    if (manifestUrl) origins.push(new URL(manifestUrl).origin);
  }
  // The backend is asked in CORS mode; a section's scripts are plain script tags (no CORS).
  return [...new Set(origins)]
    .map((origin, index) => `<${origin}>; rel=preconnect${index === 0 ? '; crossorigin=anonymous' : ''}`)
    .join(', ');
}
