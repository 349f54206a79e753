// The page's first script and, until the page has loaded, its only one: inlined in the head of every page, before the
// stylesheet (so it never waits for it), by the shell's build; the Content-Security-Policy allows it by its hash and
// no other inline script (shell/server/plugins/securityHeaders.mjs). Nothing but the HTML, its CSS and its largest
// image stands before the first paint: the site's code (named by this tag's data-app attribute) is asked for once the
// page has loaded and painted (on a fast connection the load event can come before the first paint), or 5 s after the
// document was parsed if the page never loads.
// Meanwhile the page shows forms and controls whose code is not running yet. Submitted in that moment, the browser
// would send a form natively (a reload that drops what was typed), so every submission is held instead and sent
// again, once, as soon as the form's code is live: a section's form when its slot says data-ready, any other form once
// the frame has hydrated (the shell marks #root with data-hydrated). A click on a button, a radio or a checkbox would do
// nothing, or check a radio its code never hears of (the menu button, the theme's radios, a section's chips): it is
// held the same way, and clicked again once its code is live. Links need nothing: the browser follows them natively.
(function boot() {
  'use strict';
  var script = document.currentScript;
  var app = script && script.getAttribute('data-app');

  /** The element and attribute that say the code behind a form or a control is live. */
  function liveSign(element) {
    var slot = element.closest('[data-section]');
    if (slot) return { element: slot, attribute: 'data-ready' };
    return { element: document.getElementById('root'), attribute: 'data-hydrated' };
  }

  // The last held submission of each form, with the button that sent it; replayed once.
  var held = new Map();

  function replay(form) {
    var submitter = held.get(form);
    held.delete(form);
    if (!form.isConnected) return;
    if (submitter && form.contains(submitter)) form.requestSubmit(submitter);
    else form.requestSubmit();
  }

  function whenLive(sign, then) {
    var observer = new MutationObserver(function () {
      if (!sign.element.hasAttribute(sign.attribute)) return;
      observer.disconnect();
      then();
    });
    observer.observe(sign.element, { attributes: true, attributeFilter: [sign.attribute] });
  }

  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      var sign = liveSign(form);
      if (!sign.element || sign.element.hasAttribute(sign.attribute)) return;
      event.preventDefault();
      // Nothing else hears it (a handler hydrating meanwhile would send it a second time): the replay is the submission.
      event.stopImmediatePropagation();
      var waiting = held.has(form);
      held.set(form, event.submitter || null);
      if (!waiting)
        whenLive(sign, function () {
          replay(form);
        });
    },
    true,
  );

  // Controls clicked before their code was live, in order, by the element whose sign they wait for; each is clicked
  // again once, when its code is live. Only the page's own HTML waits for code: what the code renders itself (a
  // section's "Try again" after its code failed to load) is live as it appears. The code starts after the load event,
  // so every control there is while the page is still being parsed, and at DOMContentLoaded, is the page's own.
  var heldClicks = new Map();
  var control = 'button, input[type="radio"], input[type="checkbox"]';
  var inThePageHtml = new WeakSet();
  function noteThePageHtml() {
    document.querySelectorAll(control).forEach(function (element) {
      inThePageHtml.add(element);
    });
  }
  function isThePageHtml(element) {
    return document.readyState === 'loading' || inThePageHtml.has(element);
  }
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', noteThePageHtml, { once: true });
  else noteThePageHtml();

  document.addEventListener(
    'click',
    function (event) {
      var target = event.target instanceof Element ? event.target.closest(control) : null;
      // A form's submit button is held as the form's submission (above).
      if (
        !target ||
        !isThePageHtml(target) ||
        target.matches('form [type="submit"], form button:not([type])')
      )
        return;
      var sign = liveSign(target);
      if (!sign.element || !sign.element.contains(target) || sign.element.hasAttribute(sign.attribute))
        return;
      event.preventDefault();
      event.stopImmediatePropagation();
      var waiting = heldClicks.get(sign.element);
      if (waiting) return void waiting.push(target);
      heldClicks.set(sign.element, [target]);
      whenLive(sign, function () {
        var targets = heldClicks.get(sign.element);
        heldClicks.delete(sign.element);
        targets.forEach(function (held) {
          if (held.isConnected) held.click();
        });
      });
    },
    true,
  );

  var started = false;
  function start() {
    if (started || !app) return;
    started = true;
    var main = document.createElement('script');
    main.src = app;
    document.head.appendChild(main);
  }
  // Once the page has loaded and painted: the browser's own first contentful paint, as reported (a frame's paint is
  // shown some milliseconds after the frame), or where the browser reports no paint, the frame after the load event.
  // A hidden page paints nothing: it starts at once, or as it is hidden. And at the latest a second after the load
  // event, whatever the browser reports.
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    document.addEventListener('visibilitychange', start, { once: true });
    var reported = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!reported || reported.indexOf('paint') < 0) {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
      return;
    }
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return start();
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 1000);
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });

  // A load event that never comes must not keep the code from starting: an image whose server takes the connection and
  // never answers holds it back (the owner's portrait on /about while the backend's Storage hangs), and the page would
  // stay as the server sent it, its controls held and a section it left to the browser never loaded. So the code starts
  // at the latest this long after the document was parsed, whether the page has loaded or not.
  // The page says so (<html data-load-given-up>): what waits in the code for the page to have loaded goes on too (the
  // kit's pageLoaded).
  var latestAfterParseMs = 5000;
  function startAtTheLatest() {
    setTimeout(function () {
      if (started || document.readyState === 'complete') return;
      document.documentElement.setAttribute('data-load-given-up', '');
      start();
    }, latestAfterParseMs);
  }
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', startAtTheLatest, { once: true });
  else startAtTheLatest();
})();
