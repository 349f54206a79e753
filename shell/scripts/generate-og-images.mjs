// Draws each page's share picture (Open Graph / Twitter card), 1200 × 630 PNG, into shell/public/assets/og/, from the
// site's own design tokens (shared-ui/src/tokens/tokens.css), its monogram (public/favicon.svg) and each page's
// banner texts (through the shell's SEO modules, so the texts are never copied here). Committed, like the résumé;
// run again after changing a page's banner, the tokens or the owner's name:
//   npm run build -w @site/shell && node shell/scripts/generate-og-images.mjs
// Text is drawn with the system's fonts (the site's font stack; DejaVu Sans on Debian), so the output can differ
// slightly between machines; the committed files are the reference.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const shellDir = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(shellDir, 'public/assets/og');
const require = createRequire(import.meta.url);
const { seoPages, ogImageName, ogImageSize, ogImageSvgFor } = require(
  path.join(shellDir, 'dist-prerender/seo.cjs'),
);

/** The custom properties of tokens.css (its first block: the light theme), by name without the leading dashes. */
function readTokens() {
  const file = readFileSync(path.join(shellDir, '../shared-ui/src/tokens/tokens.css'), 'utf8');
  const css = file.slice(0, file.indexOf('}'));
  return Object.fromEntries(
    [...css.matchAll(/--([a-z0-9-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2].trim()]),
  );
}

function token(tokens, name) {
  const value = tokens[name];
  if (!value) throw new Error(`tokens.css has no --${name}`);
  return value;
}

const tokens = readTokens();
const theme = {
  dark: token(tokens, 'color-dark'),
  darkAlt: token(tokens, 'color-dark-alt'),
  brand: token(tokens, 'color-brand'),
  onDark: token(tokens, 'color-on-dark'),
  onDarkMuted: token(tokens, 'color-on-dark-muted'),
  fontFamily: token(tokens, 'font-body'),
};
const favicon = readFileSync(path.join(shellDir, 'public/favicon.svg'), 'utf8');
const mark = favicon.replace(/^\s*<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');

mkdirSync(outputDir, { recursive: true });
for (const page of seoPages) {
  const svg = ogImageSvgFor(page.path, theme, mark);
  const png = await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  const { width, height } = await sharp(png).metadata();
  if (width !== ogImageSize.width || height !== ogImageSize.height) {
    throw new Error(
      `${page.path}: drawn ${width} × ${height}, not ${ogImageSize.width} × ${ogImageSize.height}`,
    );
  }
  const file = path.join(outputDir, ogImageName(page.path));
  writeFileSync(file, png);
  console.log(`Wrote ${path.relative(process.cwd(), file)}: ${png.length} bytes`);
}
