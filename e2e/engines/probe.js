// The journeys' probe: injected first into every page by the journeys' own proxy (probeProxy.ts), never served by
// the site. It records what would tell a visitor something went wrong (console.error, uncaught errors, unhandled
// rejections, resources that failed to load, Content-Security-Policy violations) in sessionStorage, so what a page
// logs as it is being left is read on the next page; and it finds elements by role and accessible name, so the
// journeys query every engine the same way (WebKit's WebDriver has neither console events nor init scripts).
(function () {
  'use strict';
  var key = '__enginesProblems';

  function read() {
    try {
      return JSON.parse(window.sessionStorage.getItem(key) || '[]');
    } catch (error) {
      return ['probe: sessionStorage unreadable: ' + error];
    }
  }

  function record(kind, text) {
    var list = read();
    list.push(kind + ': ' + text + ' (on ' + window.location.pathname + ')');
    window.sessionStorage.setItem(key, JSON.stringify(list));
  }

  function describe(value) {
    if (value instanceof Error) return value.message;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }

  // A page being left has its loads cut short, and Firefox and WebKit fire `error` on their elements: not a fault.
  var leaving = false;
  function markLeaving() {
    leaving = true;
  }
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
  window.addEventListener('pageshow', function () {
    leaving = false;
  });

  var consoleError = console.error;
  console.error = function () {
    record('console.error', Array.prototype.map.call(arguments, describe).join(' '));
    return consoleError.apply(this, arguments);
  };
  window.addEventListener(
    'error',
    function (event) {
      if (event instanceof ErrorEvent) record('uncaught', event.message);
      else if (event.target && event.target !== window && !leaving)
        record('failed to load', event.target.src || event.target.href || event.target.tagName);
    },
    true,
  );
  window.addEventListener('unhandledrejection', function (event) {
    record('unhandled rejection', describe(event.reason));
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    record('CSP report', event.violatedDirective + ' blocked ' + event.blockedURI);
  });

  // Realtime channels joined on this page (a phx_reply on the page's socket): from then on it is live, and leaving it
  // closes a live socket.
  var joins = 0;
  var NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', function (event) {
        if (typeof event.data === 'string' && event.data.indexOf('"phx_reply"') >= 0) joins += 1;
      });
    }
  };

  var roles = {
    alert: '[role="alert"]',
    article: 'article, [role="article"]',
    banner: 'body > header, [role="banner"], #root > header, #root > div > header',
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    combobox: 'select, [role="combobox"]',
    complementary: 'aside, [role="complementary"]',
    contentinfo: 'footer, [role="contentinfo"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    link: 'a[href], [role="link"]',
    list: 'ul, ol, [role="list"]',
    main: 'main, [role="main"]',
    navigation: 'nav, [role="navigation"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    search: 'search, [role="search"]',
    searchbox: 'input[type="search"], [role="searchbox"]',
    status: '[role="status"], output',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="url"], textarea, [role="textbox"]',
  };

  function normalise(text) {
    return (text || '').replace(/\s+/g, ' ').trim();
  }

  function textOf(ids) {
    return ids
      .split(/\s+/)
      .map(function (id) {
        var element = document.getElementById(id);
        return element ? element.textContent : '';
      })
      .join(' ');
  }

  /** The accessible name, as far as the site's markup needs: aria-label(ledby), labels, placeholder, text, alt. */
  function accessibleName(element) {
    if (element.getAttribute('aria-label')) return normalise(element.getAttribute('aria-label'));
    if (element.getAttribute('aria-labelledby'))
      return normalise(textOf(element.getAttribute('aria-labelledby')));
    if (element.labels && element.labels.length)
      return normalise(
        Array.prototype.map
          .call(element.labels, function (label) {
            return label.textContent;
          })
          .join(' '),
      );
    if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA')
      return normalise(element.getAttribute('placeholder') || element.getAttribute('title'));
    var text = normalise(element.textContent);
    if (text) return text;
    var image = element.querySelector('img[alt]');
    return normalise((image && image.getAttribute('alt')) || element.getAttribute('title'));
  }

  function isVisible(element) {
    return element.getClientRects().length > 0 && window.getComputedStyle(element).visibility !== 'hidden';
  }

  function nameMatches(element, query) {
    if (query.name === undefined) return true;
    var name = accessibleName(element);
    return query.exact ? name === query.name : name.toLowerCase().indexOf(query.name.toLowerCase()) >= 0;
  }

  /** Every visible element matching a query: { role, name?, exact?, level?, text?, selector?, within? }. */
  function findAll(query) {
    var scopes = query.within ? findAll(query.within) : [document];
    var selector = query.selector || roles[query.role];
    if (!selector) throw new Error('probe: unknown role ' + query.role);
    var found = [];
    scopes.forEach(function (scope) {
      Array.prototype.forEach.call(scope.querySelectorAll(selector), function (element) {
        if (found.indexOf(element) >= 0 || !isVisible(element) || !nameMatches(element, query)) return;
        if (query.level && element.tagName !== 'H' + query.level) return;
        if (query.text !== undefined && normalise(element.textContent).indexOf(query.text) < 0) return;
        found.push(element);
      });
    });
    return found;
  }

  window.__engines = {
    /** What was recorded since the last call, on this page and on the pages before it in this tab. */
    takeProblems: function () {
      var list = read();
      window.sessionStorage.removeItem(key);
      return list;
    },
    findAll: findAll,
    find: function (query) {
      return findAll(query)[0] || null;
    },
    accessibleName: accessibleName,
    isLive: function () {
      return joins > 0;
    },
  };
})();
