// Draws each page's share picture (Open Graph / Twitter card), 1200 × 630 PNG, into shell/public/assets/og/, from the
// site's own design tokens (shared-ui/src/tokens/tokens.css), its monogram (public/favicon.svg) and each page's
// banner texts (through the shell's SEO modules, so the texts are never copied here). Committed, like the résumé;
// run again after changing a page's banner, the tokens or the owner's name:
//   npm run build -w @site/shell && node shell/scripts/generate-og-images.mjs
// Text is drawn with the system's fonts (the site's font stack; DejaVu Sans on Debian), so the output can differ
// slightly between machines; the committed files are the reference.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { drawShareImage, shareImageStyle } from '../server/shareImages.mjs';

const shellDir = path.resolve(import.meta.dirname, '..');
const outputDir = path.join(shellDir, 'public/assets/og');
const require = createRequire(import.meta.url);
const { seoPages, ogImageName, ogImageSize, ogImageSvgFor } = require(
  path.join(shellDir, 'dist-prerender/seo.cjs'),
);

const { theme, mark } = shareImageStyle(shellDir);
mkdirSync(outputDir, { recursive: true });
for (const page of seoPages) {
  const png = await drawShareImage(ogImageSvgFor(page.path, theme, mark), ogImageSize).catch((error) => {
    throw new Error(`${page.path}: ${error.message}`);
  });
  const file = path.join(outputDir, ogImageName(page.path));
  writeFileSync(file, png);
  console.log(`Wrote ${path.relative(process.cwd(), file)}: ${png.length} bytes`);
}
