// Where data meets markup, on the site's server and in the prerender: one way to put text into HTML. String.replace
// reads `$&`, `$'`, `` $` `` and `$$` in a replacement string as patterns, so a row whose text holds them (a shell or
// regex tutorial) would copy markup into the page; every splice here goes through a function, which is taken as it is.
// CommonJS, so the prerender and the server (ES modules), the renderer's webpack build and jest all load it as it is.
'use strict';

/** Text for HTML element content or a quoted attribute value (`escape-html`: & < > " '). */
const escapeHtml = require('escape-html');

/**
 * The HTML with the first match of `pattern` replaced by `replacement` (a text, or a function of the match and its
 * groups), which is inserted exactly as it is. Throws when the pattern is not in the HTML.
 * @param {string} html
 * @param {string | RegExp} pattern
 * @param {string | ((match: string, ...groups: string[]) => string)} replacement
 */
function spliceHtml(html, pattern, replacement) {
  let found = false;
  const result = html.replace(pattern, (...match) => {
    if (found) return match[0];
    found = true;
    return typeof replacement === 'function' ? replacement(...match) : replacement;
  });
  if (!found) throw new Error(`The HTML lacks ${pattern}`);
  return result;
}

/** The HTML with `text` inserted just before the first `marker` (such as `</head>`). */
function insertBefore(html, marker, text) {
  return spliceHtml(html, marker, (found) => `${text}${found}`);
}

/** A short hash of a text (FNV-1a), for ETags and versions: not for security. */
function textHash(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}-${hash.toString(36)}`;
}

/**
 * A `<script>` element that runs, a file or inline (its attributes, then its text, as groups): not a data block
 * (JSON-LD, the page's data), which a browser never executes. Global: for `matchAll` and `replace` only.
 */
const executableScript =
  /<script\b(?![^>]*\btype="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/gi;

module.exports = { escapeHtml, spliceHtml, insertBefore, textHash, executableScript };
