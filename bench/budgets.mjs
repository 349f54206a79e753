// What each route may make the browser download in JavaScript before the visitor does anything, in KB gzip. Checked
// by `npm test` (e2e/tests/performance/js-budget.spec.ts) and printed by `npm run bench`. The home page's 150 KB is
// the product's target; the other routes are held to the same ceiling.
export const jsBudgetKB = {
  '/': 150,
  '/about': 150,
  '/portfolio': 150,
  '/tutorials': 150,
  '/courses': 150,
  '/help/privacy-policy': 150,
};

/**
 * What a route may download in JavaScript in the seconds after it is idle, still without any interaction (the
 * Realtime client and the ad card, which idle starts), in KB gzip; the same on every route. Checked by `npm test` on
 * the home page and printed by `npm run bench` ("later JS").
 */
export const laterJsBudgetKB = 20;

/** How long after the page is idle that figure keeps counting. */
export const laterJsWindowMs = 4000;
