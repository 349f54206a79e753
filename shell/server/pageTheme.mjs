// The visitor's chosen theme in the first HTML. The navbar's theme toggle (shell/src/frame/ThemeToggle.tsx)
// remembers a choice in the cookie `theme` (light or dark; no cookie: follow the system); the server puts it on the
// page's <html> as data-theme, which the kit's tokens.css reads, so a returning visitor's first paint is in their
// theme with no inline script. Only the document around the page changes: the page cache keeps one theme-independent
// render, and a CDN in front must key pages on this cookie's value (see docs/themes.md).
import { spliceHtml } from './markup.cjs';

/** The cookie the toggle writes, and the values the server accepts from it. */
export const themeCookie = 'theme';
export const chosenThemes = ['light', 'dark'];

/**
 * The theme a request's Cookie header chose: 'light', 'dark', or undefined (no choice, or a value that is not one of
 * them: the page follows the system). Only these two values ever reach the HTML.
 * @param {string | undefined} cookieHeader
 * @returns {'light' | 'dark' | undefined}
 */
export function chosenTheme(cookieHeader) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== themeCookie) continue;
    const value = part.slice(separator + 1).trim();
    return chosenThemes.includes(value) ? value : undefined;
  }
  return undefined;
}

/**
 * The page with the theme on its <html> element (unchanged without one).
 * @param {string} html
 * @param {'light' | 'dark' | undefined} theme
 */
export function withTheme(html, theme) {
  if (!theme) return html;
  return spliceHtml(html, /<html\b/i, `<html data-theme="${theme}"`);
}
