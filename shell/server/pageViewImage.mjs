// The page's count of itself when it runs no JavaScript: an image of the page-views function (its GET), in
// <noscript>, so a browser that runs the page's beacon (shell/src/pageViews.js) never loads it too; a page that has no
// script at all (the newsletter's archive) has the image itself. It names the page's route; its Referer is the page's
// whole address (referrerpolicy), whose utm_* fields the function reads. Hidden, and from the backend the
// Content-Security-Policy already allows images from.
import { escapeHtml } from './markup.cjs';

/**
 * @param {{ url: string, publishableKey: string }} backend the site's backend (site-config.json, read by siteBackend)
 * @param {string} page the page's route ('/about'); what is no page is counted under any path that is none
 * @param {{ scriptless?: boolean }} [options] scriptless: the page runs no script, so the image counts every visit
 */
export function pageViewImageHtml(backend, page, { scriptless = false } = {}) {
  const query = new URLSearchParams({ path: page, apikey: backend.publishableKey });
  const src = `${backend.url.replace(/\/+$/, '')}/functions/v1/page-views?${query}`;
  const image = `<img src="${escapeHtml(src)}" alt="" width="1" height="1" hidden referrerpolicy="no-referrer-when-downgrade">`;
  return scriptless ? image : `<noscript>${image}</noscript>`;
}
