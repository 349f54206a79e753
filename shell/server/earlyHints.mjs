// Early hints for a page of the shell, as a Link header: while the browser still parses the HTML, it already fetches
// the runtime configuration, opens connections to the backend and the sections, and fetches what the module that
// fills this page's first screen needs to paint: its section's manifest and the module's own stylesheet (read from
// the section's current mf-manifest.json). No script is hinted: scripts start after the first paint (HTML first),
// and a script preloaded while a copy was in the browser's cache was fetched twice (Chromium revalidated both the
// preload and the script tag's request of a no-cache remoteEntry.js). Everything comes from the runtime configuration
// (remotes.json, site-config.json) and the sections' manifests, so it stays right when a section moves or redeploys.
// Everything is fetched at low priority: nothing may compete with the render-blocking stylesheet.

/**
 * @typedef {{ exposes?: { name: string, assets: { css: { sync: string[] } } }[] }} SectionManifest
 */

/**
 * @param {string} pathname the page asked for, in its one spelling (pagePaths.mjs)
 * @param {object} config
 * @param {Record<string, string[]>} config.firstScreenModules page path -> the module(s) of its first screen, as
 *   'section/Module' (first-screen-modules.json)
 * @param {Record<string, string>} config.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string } }} config.siteConfig
 * @param {Record<string, SectionManifest | undefined>} [config.manifests] section name -> its manifest, when known
 * @returns {string | undefined}
 */
export function earlyHintsFor(pathname, { firstScreenModules, remotes, siteConfig, manifests = {} }) {
  const modules = firstScreenModules[pathname];
  if (!modules) return undefined;
  const links = [
    '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
    '</site-config.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
    `<${new URL(siteConfig.supabase.url).origin}>; rel=preconnect; crossorigin=anonymous`,
  ];
  const hinted = new Set();
  const add = (link) => {
    if (!hinted.has(link)) links.push(link);
    hinted.add(link);
  };
  for (const module of modules) {
    const [section, exposed] = module.split('/');
    const manifestUrl = remotes[section];
    if (!manifestUrl) continue;
    const manifest = manifests[section];
    // Module Federation fetches the manifest in CORS mode and adds stylesheets as plain tags.
    add(`<${manifestUrl}>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low`);
    const assets = manifest?.exposes?.find((expose) => expose.name === exposed)?.assets;
    for (const file of assets?.css.sync ?? [])
      add(`<${new URL(file, manifestUrl).href}>; rel=preload; as=style; fetchpriority=low`);
  }
  return links.join(', ');
}
