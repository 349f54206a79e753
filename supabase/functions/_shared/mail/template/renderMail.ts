// Writes a mail from its parts: the HTML (MailLayout, rendered by React Email) and the plain-text part, made from that
// same HTML, so the two always say the same (html-to-text, with React Email's rules: links as "label url", images and
// the preview line left out).
import { render, toPlainText } from '@react-email/render';
import { createElement } from 'react';
import type { Mailbox } from '../mailAddresses.ts';
import { MailLayout, type MailBrand, type MailParts } from './MailLayout.tsx';

export interface RenderedMail {
  html: string;
  text: string;
}

/** Headings as written (html-to-text shouts them by default). */
const headingSelectors = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
  selector,
  options: { uppercase: false },
}));

/**
 * Links as React Email writes them ("label url"), except that a mail link keeps its `mailto:`: html-to-text drops it,
 * and "ana@example.com?subject=Re%3A..." is no address a mail program opens, where "mailto:..." is a link.
 */
const linkSelector = {
  selector: 'a',
  options: {
    linkBrackets: false,
    hideLinkHrefIfSameAsText: true,
    pathRewrite: (href: string, _metadata: unknown, element: { attribs?: Record<string, string> }) =>
      element.attribs?.href?.startsWith('mailto:') ? `mailto:${href}` : href,
  },
};

const textSelectors = [...headingSelectors, linkSelector];

export function mailHtmlToText(html: string): string {
  return `${toPlainText(html, { selectors: textSelectors }).trim()}\n`;
}

export async function renderMail(parts: MailParts, brand: MailBrand): Promise<RenderedMail> {
  const rendered = await render(createElement(MailLayout, { parts, brand }));
  // react-email writes XHTML 1.0's doctype; mail programs read the HTML5 one alike, and it is valid HTML.
  const html = rendered.replace(/^<!DOCTYPE[^>]*>/i, '<!DOCTYPE html>');
  return { html, text: mailHtmlToText(html) };
}

/** Who a mail's header names: the sender's display name ("Alex Morgan" of MAIL_FROM), else its address. */
export function mailBrand(from: Mailbox, siteUrl?: string): MailBrand {
  return { name: from.name || from.address, siteUrl };
}
