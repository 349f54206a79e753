// Writes one HTML file per page into dist/, with the frame already rendered and the right title, description,
// canonical link, Open Graph tags with the page's share picture, its structured data (JSON-LD) and the links to the
// site's feeds, so text paints
// before any JavaScript or section arrives and a crawler or link preview finds what it needs. Unknown paths are
// answered with dist/404.html (the not-found page). Also writes robots.txt.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml, insertBefore, spliceHtml } from '../server/markup.cjs';

const shellDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(shellDir, 'dist');
const require = createRequire(import.meta.url);
const { renderPage, sitePages } = require(path.join(shellDir, 'dist-prerender/renderPage.cjs'));
const { staticHeadTags, robots } = require(path.join(shellDir, 'dist-prerender/seo.cjs'));

// No script is preloaded from the HTML: scripts start after the first paint (HTML first), and Firefox fetched a
// low-priority `preload as=script` a second time when the page's script asked for it.
const template = readFileSync(path.join(dist, 'page-template.html'), 'utf8');

// Every part goes in through spliceHtml: a `$` in a title or description is text, never a pattern.
/** The template with the value of the attribute that `start` opens (up to its closing quote) replaced by `value`. */
const withAttribute = (html, start, value) =>
  spliceHtml(html, new RegExp(`${start}[^"]*"`), () => `${start}${escapeHtml(value)}"`);

function pageHtml(pathname) {
  const { html, title, description, canonicalUrl: url } = renderPage(pathname);
  let page = template;
  page = spliceHtml(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  page = withAttribute(page, '<meta name="description" content="', description);
  page = withAttribute(page, '<link rel="canonical" href="', url);
  page = withAttribute(page, '<meta property="og:title" content="', title);
  page = withAttribute(page, '<meta property="og:description" content="', description);
  const { ogImageTags, jsonLd, feedLinks, meLink } = staticHeadTags(pathname);
  page = spliceHtml(
    page,
    /<meta property="og:url" content="[^"]*" \/>/,
    () => `<meta property="og:url" content="${escapeHtml(url)}" />${ogImageTags}`,
  );
  page = insertBefore(page, '</head>', `${feedLinks}${meLink}${jsonLd}`);
  return spliceHtml(page, '<div id="root"></div>', `<div id="root">${html}</div>`);
}

for (const { path: pathname } of sitePages) {
  const file = path.join(dist, pathname, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, pageHtml(pathname));
}
writeFileSync(path.join(dist, '404.html'), pageHtml('/404'));
writeFileSync(path.join(dist, 'robots.txt'), robots());

// The module that fills each page's first screen (its first slot; on the home page the one below the hero), for the
// server's early hints (server/earlyHints.mjs): they preload its section's manifest and entry and its own files,
// from wherever remotes.json says the section lives today. Sections further down load as the visitor nears them.
const firstScreenModules = Object.fromEntries(
  sitePages.map((page) => [page.path, page.slots.slice(0, 1).map((slot) => slot.module)]),
);
writeFileSync(
  path.join(dist, 'first-screen-modules.json'),
  `${JSON.stringify(firstScreenModules, null, 2)}\n`,
);
console.log(`prerendered ${sitePages.length} pages and 404.html`);
