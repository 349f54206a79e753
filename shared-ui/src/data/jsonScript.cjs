'use strict';
// JSON carried in an HTML page for the page's code to read: a data block (`type="application/json"`, never run, so the
// Content-Security-Policy still refuses inline scripts), with `<`, U+2028 and U+2029 escaped so that no text in the
// data can close the element. CommonJS, so the renderer (webpack), jest and the site's server (Node) share it.

/** The id of the block that carries the page's runtime configuration (remotes, site configuration, manifests). */
const runtimeConfigElementId = 'runtime-config';

/**
 * @param {string} id the element's id
 * @param {unknown} value
 */
function jsonScriptHtml(id, value) {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

module.exports = { jsonScriptHtml, runtimeConfigElementId };
