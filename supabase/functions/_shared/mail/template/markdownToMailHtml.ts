// Markdown the owner writes (a newsletter issue) as HTML a mail can carry: markdown-it with raw HTML off, so whatever
// the text holds is escaped and never markup of its own (no script, no style, no form), and links whose scheme could
// run code (javascript:, vbscript:, file:) are refused by markdown-it's own link check. Every element gets the site's
// look as inline styles (mail programs drop stylesheets), links and images become absolute (a mail has no base
// address), and images keep their alt text, which is counted when it is missing so a mail can be refused for it.
// @ts-types="npm:@types/markdown-it@14.2.0"
import MarkdownIt from 'markdown-it';
import { lightColors } from './mailTheme.ts';

const paragraph = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${lightColors.text}`;
const heading = (size: number) =>
  `margin:24px 0 12px;font-size:${size}px;line-height:1.3;font-weight:700;color:${lightColors.text}`;

/** The inline style of each element Markdown makes. */
const stylesByTag: Record<string, string> = {
  p: paragraph,
  h1: heading(26),
  h2: heading(22),
  h3: heading(19),
  h4: heading(17),
  h5: heading(16),
  h6: heading(16),
  a: `color:${lightColors.brandStrong};text-decoration:underline`,
  ul: `margin:0 0 16px;padding-left:24px;color:${lightColors.text}`,
  ol: `margin:0 0 16px;padding-left:24px;color:${lightColors.text}`,
  li: 'margin:0 0 6px;font-size:16px;line-height:1.6',
  blockquote: `margin:0 0 16px;padding:4px 16px;border-left:4px solid ${lightColors.brand};color:${lightColors.textMuted}`,
  code: `font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;background-color:${lightColors.surfaceAlt};padding:2px 4px;border-radius:4px`,
  pre: `margin:0 0 16px;padding:12px;background-color:${lightColors.surfaceAlt};border-radius:6px;overflow-x:auto;white-space:pre-wrap`,
  hr: `border:none;border-top:1px solid ${lightColors.border};margin:24px 0`,
  img: 'display:block;max-width:100%;height:auto;border:0;border-radius:6px;margin:0 0 16px',
  table: 'border-collapse:collapse;margin:0 0 16px',
  th: `border:1px solid ${lightColors.border};padding:6px 10px;text-align:left`,
  td: `border:1px solid ${lightColors.border};padding:6px 10px`,
};

export interface MailMarkdown {
  html: string;
  /** Images with no alt text: a screen reader, or a mail program that blocks images, has nothing to say for them. */
  imagesWithoutAlt: number;
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** A link or image address made absolute against the site's address (kept as written when it cannot be). */
function absolute(address: string, baseUrl: string | undefined): string {
  if (!baseUrl) return address;
  try {
    return new URL(address, `${baseUrl}/`).href;
  } catch {
    return address;
  }
}

/**
 * @param source the Markdown
 * @param baseUrl the site's address, against which relative links and images are resolved
 */
export function markdownToMailHtml(source: string, baseUrl?: string): MailMarkdown {
  const env: { imagesWithoutAlt: number } = { imagesWithoutAlt: 0 };
  const tokens = markdown.parse(source, env);
  const styled = (token: (typeof tokens)[number]) => {
    const style = stylesByTag[token.tag];
    if (style && token.nesting >= 0) token.attrSet('style', style);
    if (token.type === 'link_open')
      token.attrSet('href', absolute(String(token.attrGet('href') ?? ''), baseUrl));
    if (token.type === 'image') {
      token.attrSet('src', absolute(String(token.attrGet('src') ?? ''), baseUrl));
      if (token.content.trim() === '') env.imagesWithoutAlt += 1;
    }
  };
  for (const token of tokens) {
    styled(token);
    for (const child of token.children ?? []) styled(child);
  }
  return {
    html: markdown.renderer.render(tokens, markdown.options, env),
    imagesWithoutAlt: env.imagesWithoutAlt,
  };
}
