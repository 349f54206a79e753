// The picture a link preview shows for each page (Open Graph and Twitter cards): 1200 × 630 PNG, one per route,
// drawn from the site's own design tokens and the page's own banner texts, and the tags that point to it. The PNGs
// are generated and committed (shell/scripts/generate-og-images.mjs), so a bot reads a plain static file.
import type { SeoPage } from './seoPages.ts';
import { escapeXml } from './xmlText.ts';

export const ogImageSize = { width: 1200, height: 630 } as const;

/** Where the pictures are served from, and committed (under shell/public). */
export const ogImageFolder = '/assets/og';

export interface OgImage {
  url: string;
  width: number;
  height: number;
  type: 'image/png';
  alt: string;
}

/** The picture's file name for a page: "home" for /, the path's segments joined by "-" otherwise. */
export function ogImageName(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `${segments.length === 0 ? 'home' : segments.join('-')}.png`;
}

export function ogImageFor(page: Pick<SeoPage, 'path' | 'heading' | 'summary'>, siteUrl: string): OgImage {
  return {
    url: new URL(`${ogImageFolder}/${ogImageName(page.path)}`, siteUrl).href,
    ...ogImageSize,
    type: 'image/png',
    alt: `${page.heading}. ${page.summary}`,
  };
}

/** The tags for the page's head, after og:url. */
export function ogImageMetaTags(image: OgImage): string {
  const tag = (attribute: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeXml(String(value))}" />`;
  return [
    tag('property', 'og:image', image.url),
    tag('property', 'og:image:type', image.type),
    tag('property', 'og:image:width', image.width),
    tag('property', 'og:image:height', image.height),
    tag('property', 'og:image:alt', image.alt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:image:alt', image.alt),
  ].join('');
}

/** The design tokens the picture is drawn with (custom properties of the kit's tokens.css). */
export interface OgTheme {
  dark: string;
  darkAlt: string;
  brand: string;
  onDark: string;
  onDarkMuted: string;
  fontFamily: string;
}

/**
 * Splits text into lines of at most `maxChars` characters at spaces (a word longer than that gets a line of its
 * own), and into at most `maxLines` lines, the last one ending in an ellipsis when text was left out.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && candidate.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s.,;:]+$/, '')}…`;
  return kept;
}

/** Average glyph width of the system sans-serif fonts, in em: enough to wrap lines without measuring text. */
const averageCharEm = { regular: 0.52, bold: 0.6 };

export interface OgSite {
  siteName: string;
  jobTitle: string;
  siteUrl: string;
  /** The owner's monogram: the inside of the favicon's SVG (a 48 × 48 view box). */
  mark: string;
}

/** The picture as SVG: the site and its owner, the page's heading and summary, the address. */
export function ogImageSvg(page: Pick<SeoPage, 'heading' | 'summary'>, site: OgSite, theme: OgTheme): string {
  const { width, height } = ogImageSize;
  const margin = 80;
  const textWidth = width - 2 * margin;
  const headingSize = page.heading.length > 28 ? 64 : 80;
  const heading = wrapText(page.heading, Math.floor(textWidth / (headingSize * averageCharEm.bold)), 2);
  const summarySize = 34;
  const summary = wrapText(page.summary, Math.floor(textWidth / (summarySize * averageCharEm.regular)), 3);
  const headingTop = 250;
  const headingLine = headingSize * 1.15;
  const summaryTop = headingTop + (heading.length - 1) * headingLine + 70;
  const text = (x: number, y: number, size: number, weight: number, fill: string, content: string) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(theme.fontFamily)}">`,
    `<rect width="${width}" height="${height}" fill="${theme.dark}"/>`,
    `<circle cx="${width - 40}" cy="-20" r="300" fill="${theme.darkAlt}"/>`,
    `<rect x="0" y="${height - 14}" width="${width}" height="14" fill="${theme.brand}"/>`,
    `<svg x="${margin}" y="${margin - 4}" width="64" height="64" viewBox="0 0 48 48">${site.mark}</svg>`,
    text(margin + 80, margin + 26, 30, 700, theme.onDark, site.siteName),
    text(margin + 80, margin + 58, 24, 400, theme.onDarkMuted, site.jobTitle),
    ...heading.map((line, index) =>
      text(margin, headingTop + index * headingLine, headingSize, 700, theme.onDark, line),
    ),
    ...summary.map((line, index) =>
      text(margin, summaryTop + index * summarySize * 1.4, summarySize, 400, theme.onDarkMuted, line),
    ),
    text(margin, height - 60, 28, 700, theme.brand, new URL(site.siteUrl).host),
    '</svg>',
  ].join('\n');
}
