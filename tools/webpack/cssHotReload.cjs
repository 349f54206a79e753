// What a CSS Module's hot update does in a development build: the app's stylesheets (every one under its public path)
// are loaded again, each old one removed once its new copy has loaded, so nothing shows unstyled. It stands in for
// mini-css-extract-plugin's own client (createAppConfig swaps it in), which finds the stylesheet to load again from the
// script that ran the CSS Module: in a federated page that is whichever script ran last, and it reloaded another app's
// stylesheet, or none.
/* global __webpack_public_path__ */
'use strict';

function reloadTheAppsStylesheets() {
  const appFiles = new URL(__webpack_public_path__, document.baseURI).href;
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) {
    if (!link.href.startsWith(appFiles) || link.dataset.replaced) continue;
    link.dataset.replaced = 'true';
    const next = link.cloneNode();
    delete next.dataset.replaced;
    next.href = `${link.href.split('?')[0]}?${Date.now()}`;
    next.addEventListener('load', () => link.remove(), { once: true });
    next.addEventListener('error', () => link.remove(), { once: true });
    link.after(next);
  }
}

/** Called once per CSS Module with its id and the loader's options, as mini-css-extract-plugin's client is. */
module.exports = function cssHotReload() {
  let timer;
  // Several CSS Modules of one update ask at once: one reload.
  return () => {
    clearTimeout(timer);
    timer = setTimeout(reloadTheAppsStylesheets, 50);
  };
};
