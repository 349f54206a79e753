// Early hints for a page of the shell, as a Link header: while the browser still parses the HTML and downloads the
// shell's code, it already fetches the runtime configuration, opens connections to the backend and the sections,
// and downloads the manifest and entry of the section that fills this page's first screen. They come from the runtime
// configuration (remotes.json, site-config.json), so they stay right when a section moves. All at low priority:
// nothing of this may compete with the render-blocking stylesheet, the first paint comes first.

/**
 * @param {string} pathname the page asked for
 * @param {object} config
 * @param {Record<string, string[]>} config.firstScreenSections page path -> the section(s) of its first screen (first-screen-sections.json)
 * @param {Record<string, string>} config.remotes section name -> mf-manifest.json URL (remotes.json)
 * @param {{ supabase: { url: string } }} config.siteConfig
 * @returns {string | undefined}
 */
export function earlyHintsFor(pathname, { firstScreenSections, remotes, siteConfig }) {
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const sections = firstScreenSections[page];
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
