// The page's first script and, until the page has loaded, its only one: a small file of the site's own origin (the
// Content-Security-Policy allows no inline script). Nothing but the HTML, its CSS and its largest image stands before
// the first paint; the site's code (named by this tag's data-app attribute) starts once the page has loaded.
// Meanwhile the page shows forms whose code is not running yet. Submitted in that moment, the browser would send one
// natively (a reload that drops what was typed), so every submission is held instead and sent again, once, as soon as
// the form's code is live: a section's form when its slot says data-ready, any other form once the frame has hydrated
// (the shell marks #root with data-hydrated).
(function boot() {
  'use strict';
  var script = document.currentScript;
  var app = script && script.getAttribute('data-app');

  /** The element and attribute that say a form's code is live. */
  function liveSign(form) {
    var slot = form.closest('[data-section]');
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

  function start() {
    if (!app) return;
    var main = document.createElement('script');
    main.src = app;
    document.head.appendChild(main);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
