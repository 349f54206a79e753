// Early hints for a page of the shell, as a Link header: while the browser still parses the HTML and downloads the
// shell's code, it already fetches the runtime configuration, opens connections to the backend and the sections,
// and downloads the manifests and entries of the sections this page shows. They come from the runtime
// configuration (remotes.json, site-config.json), so they stay right when a section moves. All at low priority:
// nothing of this may compete with the render-blocking stylesheet, the first paint comes first.

/**
 * @param {string} pathname the page asked for
 * @param {object} config
 * @param {Record<string, string[]>} config.routeSections page path -> names of the sections on it (route-sections.json)
 * @param {Record<string, string>} config.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string } }} config.siteConfig
 * @returns {string | undefined}
 */
export function earlyHintsFor(pathname, { routeSections, remotes, siteConfig }) {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const sections = routeSections[page];
  if (!sections) return undefined;
  const links = [
    '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
    '</site-config.json>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low',
    `<${new URL(siteConfig.supabase.url).origin}>; rel=preconnect; crossorigin=anonymous`,
  ];
  for (const section of sections) {
    const manifest = remotes[section];
    if (!manifest) continue;
    // Module Federation fetches the manifest in CORS mode and adds the entry as a plain script.
    links.push(`<${manifest}>; rel=preload; as=fetch; crossorigin=anonymous; fetchpriority=low`);
    links.push(`<${new URL('remoteEntry.js', manifest).href}>; rel=preload; as=script; fetchpriority=low`);
  }
  return links.join(', ');
}
