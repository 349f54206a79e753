// Writes one HTML file per page into dist/, with the frame already rendered and the right title, description,
// canonical link, Open Graph tags with the page's share picture, and its structured data (JSON-LD), so text paints
// before any JavaScript or section arrives and a crawler or link preview finds what it needs. Unknown paths are
// answered with dist/404.html (the not-found page). Also writes robots.txt.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const shellDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(shellDir, 'dist');
const require = createRequire(import.meta.url);
const { renderPage, sitePages } = require(path.join(shellDir, 'dist-prerender/renderPage.cjs'));
const { staticHeadTags, robots } = require(path.join(shellDir, 'dist-prerender/seo.cjs'));

// No script is preloaded from the HTML: scripts start after the first paint (HTML first), and Firefox fetched a
// low-priority `preload as=script` a second time when the page's script asked for it.
const template = readFileSync(path.join(dist, 'page-template.html'), 'utf8');

const escapeAttribute = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html, pattern, replacement) {
  if (!pattern.test(html)) throw new Error(`The HTML template lacks ${pattern}`);
  return html.replace(pattern, replacement);
}

function pageHtml(pathname) {
  const { html, title, description, canonicalUrl: url } = renderPage(pathname);
  let page = template;
  page = replaceOnce(page, /<title>[^<]*<\/title>/, `<title>${escapeAttribute(title)}</title>`);
  page = replaceOnce(
    page,
    /(<meta name="description" content=")[^"]*"/,
    `$1${escapeAttribute(description)}"`,
  );
  page = replaceOnce(page, /(<link rel="canonical" href=")[^"]*"/, `$1${escapeAttribute(url)}"`);
  page = replaceOnce(page, /(<meta property="og:title" content=")[^"]*"/, `$1${escapeAttribute(title)}"`);
  page = replaceOnce(
    page,
    /(<meta property="og:description" content=")[^"]*"/,
    `$1${escapeAttribute(description)}"`,
  );
  const { ogImageTags, jsonLd } = staticHeadTags(pathname);
  page = replaceOnce(
    page,
    /(<meta property="og:url" content=")[^"]*" \/>/,
    `$1${escapeAttribute(url)}" />${ogImageTags}`,
  );
  page = replaceOnce(page, /<\/head>/, `${jsonLd}</head>`);
  return replaceOnce(page, /<div id="root"><\/div>/, `<div id="root">${html}</div>`);
}

for (const { path: pathname } of sitePages) {
  const file = path.join(dist, pathname, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, pageHtml(pathname));
}
writeFileSync(path.join(dist, '404.html'), pageHtml('/404'));
writeFileSync(path.join(dist, 'robots.txt'), robots());

// The module that fills each page's first screen (its first slot; on the home page the one below the hero), for the
// server's early hints (tools/serve/earlyHints.mjs): they preload its section's manifest and entry and its own files,
// from wherever remotes.json says the section lives today. Sections further down load as the visitor nears them.
const firstScreenModules = Object.fromEntries(
  sitePages.map((page) => [page.path, page.slots.slice(0, 1).map((slot) => slot.module)]),
);
writeFileSync(
  path.join(dist, 'first-screen-modules.json'),
  `${JSON.stringify(firstScreenModules, null, 2)}\n`,
);
console.log(`prerendered ${sitePages.length} pages and 404.html`);
