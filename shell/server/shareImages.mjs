// The site's share pictures (Open Graph / Twitter cards, 1200 × 630 PNG), drawn from an SVG the shell's SEO modules
// write (src/seo/openGraph.ts) in the site's own design tokens (shared-ui/src/tokens/tokens.css) with the owner's
// monogram (public/favicon.svg). The generator script draws the pages' pictures once, to commit them; the server draws
// those of pages made from rows (the newsletter's archive) when first asked for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The custom properties of tokens.css (its first block: the light theme), by name without the leading dashes. */
function readTokens(shellDir) {
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

/**
 * What every picture is drawn with: the tokens' colours and font, and the monogram (the favicon's inside).
 * @param {string} shellDir
 */
export function shareImageStyle(shellDir) {
  const tokens = readTokens(shellDir);
  const favicon = readFileSync(path.join(shellDir, 'public/favicon.svg'), 'utf8');
  return {
    theme: {
      dark: token(tokens, 'color-dark'),
      darkAlt: token(tokens, 'color-dark-alt'),
      brand: token(tokens, 'color-brand'),
      onDark: token(tokens, 'color-on-dark'),
      onDarkMuted: token(tokens, 'color-on-dark-muted'),
      fontFamily: token(tokens, 'font-body'),
    },
    mark: favicon.replace(/^\s*<svg[^>]*>/, '').replace(/<\/svg>\s*$/, ''),
  };
}

/**
 * The picture as PNG, checked to be the size the tags announce.
 * @param {string} svg
 * @param {{ width: number, height: number }} size
 */
export async function drawShareImage(svg, size) {
  const png = await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  const { width, height } = await sharp(png).metadata();
  if (width !== size.width || height !== size.height) {
    throw new Error(`drawn ${width} × ${height}, not ${size.width} × ${size.height}`);
  }
  return png;
}
