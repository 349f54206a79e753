// Counts the pages a visitor reads (supabase/functions/page-views), whatever the site's app does: inlined in the head
// of every page by the shell's build, beside the boot script and allowed by its hash alone, it is no part of the app
// and waits for none of it. It sends one beacon for the page once the page has painted its content (HTML first:
// before the first contentful paint the page fetches nothing but its HTML, its CSS and its images), or as the page is
// hidden or left if that comes first, so a visitor who leaves at once, or a page whose app never starts, is counted
// too; then one for each page the visitor moves to inside the site (the app's router moves by history.pushState, and
// the back button by popstate). A new search on the same page is the same page.
// The first beacon carries where the visitor came from, the referring site's host only (never its address), and the
// address's utm_source, utm_medium and utm_campaign. No cookie, no storage, nothing about the visitor: the page's
// image in <noscript> counts a page read without JavaScript (shell/server/plugins/pages.mjs).
(function pageViews() {
  'use strict';
  var configId = document.currentScript && document.currentScript.getAttribute('data-config');
  var counted = null;
  var first = true;

  function backend() {
    var element = configId && document.getElementById(configId);
    try {
      return JSON.parse(element.textContent).siteConfig.supabase;
    } catch {
      return null;
    }
  }

  function count() {
    var path = location.pathname;
    if (path === counted) return;
    var site = backend();
    if (!site || !site.url || !navigator.sendBeacon) return;
    counted = path;
    var view = { path: path };
    if (first) {
      first = false;
      try {
        if (document.referrer) view.referrer = new URL(document.referrer).hostname;
      } catch {
        // No address: no source.
      }
      var query = new URLSearchParams(location.search);
      ['utm_source', 'utm_medium', 'utm_campaign'].forEach(function (name) {
        if (query.get(name)) view[name] = query.get(name);
      });
    }
    var key = site.publishableKey || site.anonKey || '';
    navigator.sendBeacon(
      site.url.replace(/\/+$/, '') + '/functions/v1/page-views?apikey=' + encodeURIComponent(key),
      JSON.stringify(view),
    );
  }

  var pushState = history.pushState;
  history.pushState = function () {
    var result = pushState.apply(this, arguments);
    if (!first) count();
    return result;
  };
  window.addEventListener('popstate', function () {
    if (!first) count();
  });

  // The page itself: after its first contentful paint as the browser reports it (where it reports none, after the
  // load event), or when it is hidden or left before that.
  function countThePage() {
    if (first) count();
  }
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') countThePage();
  });
  window.addEventListener('pagehide', countThePage);
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(countThePage, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    window.addEventListener('load', countThePage);
  }
})();
